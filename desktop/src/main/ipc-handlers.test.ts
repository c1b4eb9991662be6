import { describe, expect, it } from 'vitest';
import { invokeChannels, sendChannels, type AppConfig, type IpcResult, type NotifyPayload, type OfflineActionInput, type OfflineState } from '../shared/ipc.ts';
import { registerIpcHandlers, type IpcEventLike, type SessionPort } from './ipc-handlers.ts';
import { appOrigin } from './security.ts';
import { createRecordingLogger } from './testing/recording-logger.ts';

type Listener = (event: IpcEventLike, payload?: unknown) => unknown;

const appConfig: AppConfig = { apiOrigin: 'http://localhost:3000', version: '0.1.0', os: 'darwin' };
const fromApp: IpcEventLike = { senderFrame: { url: `${appOrigin}/index.html#/provider/home`, parent: null } };
const offlineState: OfflineState = { snapshot: null, actions: [] };
const session = { access_token: 'a', expires_in: 900, user: {} } as never;

function extraPorts(record: (what: string) => (...args: unknown[]) => unknown) {
  return {
    offline: {
      read: async () => (record('offline.read')(), offlineState),
      enqueue: async (input: OfflineActionInput) => (record('offline.enqueue')(input), offlineState),
      flush: async () => (record('offline.flush')(), offlineState),
      dismiss: async (id: string) => (record('offline.dismiss')(id), offlineState),
    },
    setBadge: record('setBadge'),
    setUnsaved: record('setUnsaved'),
    restartForUpdate: record('restartForUpdate'),
  };
}

function setup() {
  const handlers = new Map<string, Listener>();
  const listeners = new Map<string, Listener>();
  const calls: { what: string; args: unknown[] }[] = [];
  const record = (what: string) => (...args: unknown[]) => calls.push({ what, args });
  const sessionPort: SessionPort = {
    signIn: async (credentials) => (record('signIn')(credentials), { ok: true, value: session }),
    refresh: async () => (record('refresh')(), { ok: true, value: null }),
    signOut: async (token) => (record('signOut')(token), { ok: true, value: null }),
  };
  const logger = createRecordingLogger();
  registerIpcHandlers({
    ipc: {
      handle: (channel, listener) => handlers.set(channel, listener),
      on: (channel, listener) => listeners.set(channel, listener),
    },
    appOrigins: [appOrigin],
    session: sessionPort,
    notifier: { show: (n: NotifyPayload) => record('notify')(n) },
    openExternal: record('openExternal'),
    setLanguage: record('setLanguage'),
    appConfig,
    logger,
    ...extraPorts(record),
  });
  const invoke = (channel: string, payload?: unknown, event: IpcEventLike = fromApp) =>
    handlers.get(channel)!(event, payload) as Promise<IpcResult<unknown>>;
  const send = (channel: string, payload?: unknown, event: IpcEventLike = fromApp) => listeners.get(channel)!(event, payload);
  return { handlers, listeners, calls, logger, invoke, send };
}

describe('registerIpcHandlers', () => {
  it('registers exactly the channels of the shared list', () => {
    const { handlers, listeners } = setup();
    expect([...handlers.keys()].sort()).toEqual(Object.values(invokeChannels).sort());
    expect([...listeners.keys()].sort()).toEqual(Object.values(sendChannels).sort());
  });

  it('passes a well-formed sign-in from the app to the session', async () => {
    const { invoke, calls } = setup();
    const result = await invoke(invokeChannels.sessionSignIn, { email: 'ana@example.com', password: 'Secreto#2026' });
    expect(result).toEqual({ ok: true, value: session });
    expect(calls).toEqual([{ what: 'signIn', args: [{ email: 'ana@example.com', password: 'Secreto#2026' }] }]);
  });

  it('refuses senders that are not the app top-level frame', async () => {
    const { invoke, send, calls, logger } = setup();
    const strangers: IpcEventLike[] = [
      { senderFrame: { url: 'https://evil.test/', parent: null } },
      { senderFrame: { url: `${appOrigin}/index.html`, parent: {} } },
      { senderFrame: { url: 'file:///tmp/index.html', parent: null } },
      { senderFrame: null },
    ];
    for (const event of strangers) {
      expect(await invoke(invokeChannels.sessionRefresh, undefined, event)).toEqual({
        ok: false,
        error: { error: 'Forbidden', status: 403, code: 'forbidden' },
      });
      send(sendChannels.shellOpenExternal, { url: 'https://resuelve.pr' }, event);
    }
    expect(calls).toEqual([]);
    expect(logger.lines.filter((l) => l.message.includes('untrusted'))).toHaveLength(8);
  });

  it('refuses malformed payloads before calling any module', async () => {
    const { invoke, calls } = setup();
    const badSignIns = [
      undefined,
      'ana@example.com',
      { email: 'ana@example.com' },
      { email: 42, password: 'x' },
      { email: 'ana@example.com', password: 'x', client: 'web' },
      { email: 'a'.repeat(300), password: 'x' },
      { email: 'ana@example.com', password: 'x'.repeat(500) },
    ];
    for (const payload of badSignIns) {
      expect(await invoke(invokeChannels.sessionSignIn, payload)).toMatchObject({ ok: false, error: { status: 400 } });
    }
    expect(await invoke(invokeChannels.sessionSignOut, { accessToken: 7 })).toMatchObject({ ok: false });
    expect(await invoke(invokeChannels.sessionRefresh, { sneaky: true })).toMatchObject({ ok: false });
    expect(calls).toEqual([]);
  });

  it('signs out with the access token the renderer holds, or none', async () => {
    const { invoke, calls } = setup();
    await invoke(invokeChannels.sessionSignOut, { accessToken: 'access-1' });
    await invoke(invokeChannels.sessionSignOut, { accessToken: null });
    expect(calls).toEqual([
      { what: 'signOut', args: ['access-1'] },
      { what: 'signOut', args: [null] },
    ]);
  });

  it('answers the app config', async () => {
    const { invoke } = setup();
    expect(await invoke(invokeChannels.appConfig)).toEqual({ ok: true, value: appConfig });
  });

  it('turns a module that throws into an error result and logs it', async () => {
    const handlers = new Map<string, Listener>();
    const logger = createRecordingLogger();
    registerIpcHandlers({
      ipc: { handle: (c, l) => handlers.set(c, l), on: () => undefined },
      appOrigins: [appOrigin],
      session: {
        signIn: async () => ({ ok: true, value: session }),
        refresh: async () => {
          throw new Error('disk full');
        },
        signOut: async () => ({ ok: true, value: null }),
      },
      notifier: { show: () => undefined },
      openExternal: () => undefined,
      setLanguage: () => undefined,
      appConfig,
      logger,
    ...extraPorts(() => () => undefined),
    });
    expect(await handlers.get(invokeChannels.sessionRefresh)!(fromApp)).toEqual({
      ok: false,
      error: { error: 'Unexpected error', status: 500, code: 'internal_error' },
    });
    expect(logger.lines).toContainEqual(expect.objectContaining({ level: 'error', context: { channel: 'session:refresh', error: 'disk full' } }));
  });

  it('opens only http(s) links externally', () => {
    const { send, calls } = setup();
    send(sendChannels.shellOpenExternal, { url: 'https://resuelve.pr/ayuda' });
    send(sendChannels.shellOpenExternal, { url: 'file:///etc/passwd' });
    send(sendChannels.shellOpenExternal, { url: 'javascript:alert(1)' });
    expect(calls).toEqual([{ what: 'openExternal', args: ['https://resuelve.pr/ayuda'] }]);
  });

  it('forwards notifications with an app path and refuses other paths', () => {
    const { send, calls } = setup();
    send(sendChannels.notifyShow, { title: 'Nueva solicitud', body: 'Plomería', path: '/provider/calendar' });
    send(sendChannels.notifyShow, { title: 'x', body: 'y', path: 'https://evil.test' });
    send(sendChannels.notifyShow, { title: '', body: 'no title' });
    expect(calls).toEqual([
      { what: 'notify', args: [{ title: 'Nueva solicitud', body: 'Plomería', path: '/provider/calendar' }] },
    ]);
  });

  it('accepts only the product languages', () => {
    const { send, calls } = setup();
    send(sendChannels.appSetLanguage, { language: 'en' });
    send(sendChannels.appSetLanguage, { language: 'fr' });
    expect(calls).toEqual([{ what: 'setLanguage', args: ['en'] }]);
  });
});

describe('offline, badge and window channels', () => {
  const jobId = '33333333-3333-4333-8333-333333333333';

  it('passes well-formed offline actions, counts and unsaved flags through', async () => {
    const { invoke, send, calls } = setup();
    expect(await invoke(invokeChannels.offlineEnqueue, { kind: 'start', job_id: jobId })).toEqual({ ok: true, value: offlineState });
    await invoke(invokeChannels.offlineEnqueue, { kind: 'note', job_id: jobId, text: 'Llegué' });
    await invoke(invokeChannels.offlineFlush);
    send(sendChannels.badgeSet, { pendingRequests: 2, unreadMessages: 1 });
    send(sendChannels.windowSetUnsaved, { unsaved: true });
    expect(calls.map((call) => call.what)).toEqual(['offline.enqueue', 'offline.enqueue', 'offline.flush', 'setBadge', 'setUnsaved']);
  });

  it('refuses malformed ones', async () => {
    const { invoke, send, calls } = setup();
    for (const payload of [
      { kind: 'delete', job_id: jobId },
      { kind: 'start', job_id: '../auth' },
      { kind: 'start', job_id: jobId, text: 'x' },
      { kind: 'note', job_id: jobId, text: '   ' },
      { kind: 'note', job_id: jobId, text: 'x'.repeat(501) },
      { kind: 'end', job_id: jobId, extra: 1 },
    ]) {
      expect((await invoke(invokeChannels.offlineEnqueue, payload)).ok).toBe(false);
    }
    send(sendChannels.badgeSet, { pendingRequests: -1, unreadMessages: 0 });
    send(sendChannels.badgeSet, { pendingRequests: 1.5, unreadMessages: 0 });
    send(sendChannels.windowSetUnsaved, { unsaved: 'yes' });
    expect(calls).toEqual([]);
  });
});
