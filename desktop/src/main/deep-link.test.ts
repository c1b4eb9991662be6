import { describe, expect, it } from 'vitest';
import { deepLinkFromArgv, deepLinkToPath } from './deep-link.ts';
import { claimSingleInstance, type SingleInstanceApp } from './single-instance.ts';

const jobId = '3f1c2b9a-5d4e-4f6a-8b7c-1d2e3f4a5b6c';

describe('deep links', () => {
  it('opens the job, the conversation or the saved jobs', () => {
    expect(deepLinkToPath(`resuelve://jobs/${jobId}`)).toBe(`/provider/jobs/${jobId}`);
    expect(deepLinkToPath(`resuelve://jobs/${jobId}/`)).toBe(`/provider/jobs/${jobId}`);
    expect(deepLinkToPath(`resuelve://messages/${jobId}`)).toBe(`/messages/${jobId}`);
    expect(deepLinkToPath('resuelve://today')).toBe('/offline');
  });

  it('refuses other schemes, other sections and anything that is not an id', () => {
    for (const link of [
      `https://jobs/${jobId}`,
      'resuelve://settings/x',
      'resuelve://jobs/',
      'resuelve://jobs/..%2F..%2Fauth',
      `resuelve://jobs/${jobId}/extra`,
      'resuelve://jobs/<script>',
      'not a url',
      42,
    ]) {
      expect(deepLinkToPath(link)).toBeNull();
    }
  });

  it('finds the link among a launch’s arguments (Windows passes it on the command line)', () => {
    expect(deepLinkFromArgv(['C:\\Program Files\\Resuelve Pro.exe', '--flag', `resuelve://jobs/${jobId}`])).toBe(`/provider/jobs/${jobId}`);
    expect(deepLinkFromArgv(['app.exe'])).toBeNull();
  });
});

function fakeApp(gotLock: boolean) {
  const listeners = new Map<string, (...args: never[]) => void>();
  let quit = 0;
  const app: SingleInstanceApp = {
    requestSingleInstanceLock: () => gotLock,
    quit: () => {
      quit += 1;
    },
    on: (event: string, listener: (...args: never[]) => void) => listeners.set(event, listener),
  };
  return { app, listeners, quitCount: () => quit };
}

describe('single instance', () => {
  it('a second launch quits and registers nothing', () => {
    const fake = fakeApp(false);
    const revealed: (string | null)[] = [];
    expect(claimSingleInstance({ app: fake.app, reveal: (path) => revealed.push(path), remember: () => undefined, isReady: () => true })).toBe(false);
    expect(fake.quitCount()).toBe(1);
    expect(fake.listeners.size).toBe(0);
  });

  it('the first brings itself forward when launched again, at the link the second got', () => {
    const fake = fakeApp(true);
    const revealed: (string | null)[] = [];
    expect(claimSingleInstance({ app: fake.app, reveal: (path) => revealed.push(path), remember: () => undefined, isReady: () => true })).toBe(true);
    const second = fake.listeners.get('second-instance') as (event: unknown, argv: string[]) => void;
    second({}, ['Resuelve Pro.exe']);
    second({}, ['Resuelve Pro.exe', `resuelve://jobs/${jobId}`]);
    expect(revealed).toEqual([null, `/provider/jobs/${jobId}`]);
    expect(fake.quitCount()).toBe(0);
  });

  it('macOS open-url before the window exists is remembered, after it reveals', () => {
    const fake = fakeApp(true);
    const revealed: (string | null)[] = [];
    const remembered: string[] = [];
    let ready = false;
    claimSingleInstance({ app: fake.app, reveal: (path) => revealed.push(path), remember: (path) => remembered.push(path), isReady: () => ready });
    const openUrl = fake.listeners.get('open-url') as (event: { preventDefault(): void }, url: string) => void;
    let prevented = 0;
    const event = { preventDefault: () => (prevented += 1) };
    openUrl(event, `resuelve://jobs/${jobId}`);
    ready = true;
    openUrl(event, `resuelve://messages/${jobId}`);
    openUrl(event, 'resuelve://nothing');
    expect(remembered).toEqual([`/provider/jobs/${jobId}`]);
    expect(revealed).toEqual([`/messages/${jobId}`]);
    expect(prevented).toBe(3);
  });
});
