import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../ui/src/lib/api-error.ts';
import type { AppConfig, IpcResult, ResuelveBridge } from '../shared/ipc.ts';
import { createDesktopPlatform } from './desktop-platform.ts';

const config: AppConfig = { apiOrigin: 'http://localhost:3000', version: '0.1.0', os: 'win32' };
const session = { access_token: 'access-1', expires_in: 900, user: { id: 'u1' } } as never;

function createFakeBridge(answers: Partial<Record<'signIn' | 'refresh' | 'signOut', () => Promise<IpcResult<unknown>>>> = {}) {
  const sent: { what: string; payload: unknown }[] = [];
  const bridge: ResuelveBridge = {
    session: {
      signIn: async (payload) => (sent.push({ what: 'signIn', payload }), (answers.signIn?.() ?? { ok: true, value: session }) as never),
      refresh: async () => (sent.push({ what: 'refresh', payload: undefined }), (answers.refresh?.() ?? { ok: true, value: null }) as never),
      signOut: async (payload) => (sent.push({ what: 'signOut', payload }), (answers.signOut?.() ?? { ok: true, value: null }) as never),
    },
    config: async () => ({ ok: true, value: config }),
    notify: (payload) => sent.push({ what: 'notify', payload }),
    openExternal: (payload) => sent.push({ what: 'openExternal', payload }),
    setLanguage: (payload) => sent.push({ what: 'setLanguage', payload }),
    onNavigate: () => () => undefined,
    setBadge: (payload) => sent.push({ what: 'setBadge', payload }),
    setUnsaved: (payload) => sent.push({ what: 'setUnsaved', payload }),
    offline: {
      read: async () => ({ ok: true, value: { snapshot: null, actions: [] } }),
      enqueue: async () => ({ ok: true, value: { snapshot: null, actions: [] } }),
      flush: async () => ({ ok: true, value: { snapshot: null, actions: [] } }),
      dismiss: async () => ({ ok: true, value: { snapshot: null, actions: [] } }),
      onChanged: () => () => undefined,
    },
  };
  return { bridge, sent };
}

describe('createDesktopPlatform', () => {
  it('is the desktop platform for the configured api origin', () => {
    const platform = createDesktopPlatform(createFakeBridge().bridge, config);
    expect(platform.kind).toBe('desktop');
    expect(platform.apiOrigin).toBe('http://localhost:3000');
  });

  it('signs in through the bridge with only the credentials', async () => {
    const { bridge, sent } = createFakeBridge();
    const platform = createDesktopPlatform(bridge, config);
    const extra = { email: 'ana@example.com', password: 'Secreto#2026', remember: true } as never;
    expect(await platform.session.signIn(extra)).toEqual(session);
    expect(sent).toEqual([{ what: 'signIn', payload: { email: 'ana@example.com', password: 'Secreto#2026' } }]);
  });

  it('turns a failure into the ui ApiError with code and Retry-After', async () => {
    const { bridge } = createFakeBridge({
      signIn: async () => ({
        ok: false,
        error: { error: 'Too many attempts', status: 429, code: 'too_many_attempts', retry_after: 30, correlation_id: 'c-1' },
      }),
    });
    const failure = await createDesktopPlatform(bridge, config)
      .session.signIn({ email: 'a@b.co', password: 'x' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 429, code: 'too_many_attempts', retryAfter: 30, correlationId: 'c-1' });
  });

  it('names the auth call a failure came from, so the ui keeps it silent as on the web', async () => {
    const { bridge } = createFakeBridge({
      signIn: async () => ({ ok: false, error: { error: 'Invalid', status: 401, code: 'invalid_credentials' } }),
    });
    const failure = await createDesktopPlatform(bridge, config)
      .session.signIn({ email: 'a@b.co', password: 'x' })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ path: '/auth/signin' });
  });

  it('answers null from refresh when the main process holds no session', async () => {
    const platform = createDesktopPlatform(createFakeBridge().bridge, config);
    expect(await platform.session.refresh()).toBeNull();
  });

  it('reports a bridge that does not answer as a network failure (status 0)', async () => {
    const { bridge } = createFakeBridge({
      refresh: () => Promise.reject(new Error("No handler registered for 'session:refresh'")),
    });
    const failure = await createDesktopPlatform(bridge, config).session.refresh().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, code: 'network_error', path: '/auth/refresh' });
  });

  it('signs out with the access token it is given', async () => {
    const { bridge, sent } = createFakeBridge();
    await createDesktopPlatform(bridge, config).session.signOut('access-1');
    expect(sent).toEqual([{ what: 'signOut', payload: { accessToken: 'access-1' } }]);
  });

  it('sends notifications and external links to the main process', () => {
    const { bridge, sent } = createFakeBridge();
    const platform = createDesktopPlatform(bridge, config);
    platform.notify({ title: 'Nueva solicitud', body: 'Plomería', path: '/provider/calendar' });
    platform.notify({ title: 'Hola', body: '' });
    platform.openExternal('https://resuelve.pr');
    expect(sent).toEqual([
      { what: 'notify', payload: { title: 'Nueva solicitud', body: 'Plomería', path: '/provider/calendar' } },
      { what: 'notify', payload: { title: 'Hola', body: '' } },
      { what: 'openExternal', payload: { url: 'https://resuelve.pr' } },
    ]);
  });
});
