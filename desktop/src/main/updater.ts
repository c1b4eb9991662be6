import { describeError, type Logger } from './logger.ts';

/** The part of electron-updater's `autoUpdater` the console uses. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'update-downloaded', listener: (info: { version: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export type UpdateDecision = 'check' | 'skip-development' | 'skip-no-feed';

/**
 * Whether to look for updates: never in development (an unpackaged app has no installer to
 * replace), never without a feed (an installer built without RESUELVE_UPDATE_URL).
 */
export function decideUpdateCheck(input: { isPackaged: boolean; feedUrl: string }): UpdateDecision {
  if (!input.isPackaged) return 'skip-development';
  if (!/^https?:\/\/[^\s]+$/.test(input.feedUrl.trim())) return 'skip-no-feed';
  return 'check';
}

export const updateCheckIntervalMs = 6 * 60 * 60 * 1000;

export interface UpdateControllerOptions {
  updater: UpdaterLike;
  isPackaged: boolean;
  feedUrl: string;
  /** Asks the provider (native dialog, their language) whether to restart now; true to restart. */
  askToRestart: (version: string) => Promise<boolean>;
  /** Told when a downloaded update waits (the renderer may show "restart to update"). */
  onReady: (version: string) => void;
  logger: Logger;
  setInterval?: (callback: () => void, ms: number) => unknown;
}

export interface UpdateController {
  readonly decision: UpdateDecision;
  start(): void;
  /** The provider chose to restart (dialog, or later from the app). */
  restartNow(): void;
  readonly readyVersion: string | null;
}

/**
 * Downloads updates in the background from the generic feed and offers them; installs only when
 * the provider says so, or when they quit anyway. Failures are logged, never shown as errors.
 */
export function createUpdateController(options: UpdateControllerOptions): UpdateController {
  const decision = decideUpdateCheck({ isPackaged: options.isPackaged, feedUrl: options.feedUrl });
  const every = options.setInterval ?? ((callback, ms) => setInterval(callback, ms));
  let readyVersion: string | null = null;
  let asking = false;
  const check = (): void => {
    options.updater.checkForUpdates().catch((error: unknown) => options.logger.warn('update check failed', { error: describeError(error) }));
  };
  const controller: UpdateController = {
    decision,
    get readyVersion() {
      return readyVersion;
    },
    start() {
      if (decision !== 'check') {
        options.logger.info('update checks off', { decision });
        return;
      }
      const { updater } = options;
      updater.autoDownload = true;
      updater.autoInstallOnAppQuit = true;
      updater.setFeedURL({ provider: 'generic', url: options.feedUrl.trim() });
      updater.on('error', (error) => options.logger.warn('updater error', { error: describeError(error) }));
      updater.on('update-downloaded', (info) => {
        readyVersion = info.version;
        options.onReady(info.version);
        if (asking) return;
        asking = true;
        options
          .askToRestart(info.version)
          .then((restart) => {
            if (restart) controller.restartNow();
          })
          .catch((error: unknown) => options.logger.warn('update dialog failed', { error: describeError(error) }))
          .finally(() => {
            asking = false;
          });
      });
      check();
      every(check, updateCheckIntervalMs);
    },
    restartNow() {
      if (readyVersion === null) return;
      options.updater.quitAndInstall(false, true);
    },
  };
  return controller;
}
