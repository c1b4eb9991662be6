import { describe, expect, it } from 'vitest';
import { createUpdateController, decideUpdateCheck, type UpdaterLike } from './updater.ts';
import { createRecordingLogger } from './testing/recording-logger.ts';

function fakeUpdater() {
  const listeners = new Map<string, (arg: never) => void>();
  const calls: string[] = [];
  const updater: UpdaterLike = {
    autoDownload: false,
    autoInstallOnAppQuit: false,
    setFeedURL: (options) => calls.push(`feed ${options.provider} ${options.url}`),
    checkForUpdates: async () => calls.push('check'),
    quitAndInstall: () => calls.push('quitAndInstall'),
    on: (event: string, listener: (arg: never) => void) => listeners.set(event, listener),
  };
  return { updater, calls, emit: (event: string, arg: unknown) => listeners.get(event)?.(arg as never) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('updater decisions', () => {
  it('never checks in development or without a feed', () => {
    expect(decideUpdateCheck({ isPackaged: false, feedUrl: 'https://updates.example.com/desktop' })).toBe('skip-development');
    expect(decideUpdateCheck({ isPackaged: true, feedUrl: '' })).toBe('skip-no-feed');
    expect(decideUpdateCheck({ isPackaged: true, feedUrl: 'file:///tmp' })).toBe('skip-no-feed');
    expect(decideUpdateCheck({ isPackaged: true, feedUrl: 'https://updates.example.com/desktop' })).toBe('check');
    const fake = fakeUpdater();
    createUpdateController({ updater: fake.updater, isPackaged: false, feedUrl: 'https://u.test', askToRestart: async () => true, onReady: () => undefined, logger: createRecordingLogger() }).start();
    expect(fake.calls).toEqual([]);
  });

  it('checks the generic feed and downloads in the background; the provider chooses "later"', async () => {
    const fake = fakeUpdater();
    const ready: string[] = [];
    const intervals: number[] = [];
    const controller = createUpdateController({
      updater: fake.updater,
      isPackaged: true,
      feedUrl: 'https://updates.example.com/desktop',
      askToRestart: async () => false,
      onReady: (version) => ready.push(version),
      logger: createRecordingLogger(),
      setInterval: (_callback, ms) => intervals.push(ms),
    });
    controller.start();
    expect(fake.calls).toEqual(['feed generic https://updates.example.com/desktop', 'check']);
    expect(fake.updater.autoDownload).toBe(true);
    expect(fake.updater.autoInstallOnAppQuit).toBe(true);
    expect(intervals).toHaveLength(1);
    fake.emit('update-downloaded', { version: '0.2.0' });
    await flush();
    expect(ready).toEqual(['0.2.0']);
    expect(controller.readyVersion).toBe('0.2.0');
    expect(fake.calls).not.toContain('quitAndInstall');
    // Later, from the app's "restart to update".
    controller.restartNow();
    expect(fake.calls.at(-1)).toBe('quitAndInstall');
  });

  it('restarts only when the provider says so; errors are logged, never thrown', async () => {
    const fake = fakeUpdater();
    const logger = createRecordingLogger();
    const controller = createUpdateController({ updater: fake.updater, isPackaged: true, feedUrl: 'https://u.test/feed', askToRestart: async () => true, onReady: () => undefined, logger, setInterval: () => 0 });
    controller.restartNow();
    expect(fake.calls).not.toContain('quitAndInstall');
    controller.start();
    fake.emit('error', new Error('feed unreachable'));
    expect(logger.lines.some((line) => line.level === 'warn' && line.context?.error === 'feed unreachable')).toBe(true);
    fake.emit('update-downloaded', { version: '0.3.0' });
    await flush();
    expect(fake.calls.at(-1)).toBe('quitAndInstall');
  });
});
