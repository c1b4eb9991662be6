import { deepLinkFromArgv } from './deep-link.ts';

/** The part of Electron's `app` that single-instance handling uses. */
export interface SingleInstanceApp {
  requestSingleInstanceLock(): boolean;
  quit(): void;
  on(event: 'second-instance', listener: (event: unknown, argv: string[]) => void): unknown;
  on(event: 'open-url', listener: (event: { preventDefault(): void }, url: string) => void): unknown;
}

export interface SingleInstanceOptions {
  app: SingleInstanceApp;
  /** Brings the console forward, at `path` when a link named one. */
  reveal: (path: string | null) => void;
  /** The path a link opened before the window existed (macOS sends `open-url` before `ready`). */
  remember: (path: string) => void;
  isReady: () => boolean;
}

/**
 * One console per person: a second launch hands its arguments (a deep link on Windows) to the
 * first, which comes forward, and quits. Answers false when this process is the second.
 */
export function claimSingleInstance(options: SingleInstanceOptions): boolean {
  if (!options.app.requestSingleInstanceLock()) {
    options.app.quit();
    return false;
  }
  options.app.on('second-instance', (_event, argv) => {
    options.reveal(deepLinkFromArgv(argv));
  });
  options.app.on('open-url', (event, url) => {
    event.preventDefault();
    const path = deepLinkFromArgv([url]);
    if (!path) return;
    if (options.isReady()) options.reveal(path);
    else options.remember(path);
  });
  return true;
}
