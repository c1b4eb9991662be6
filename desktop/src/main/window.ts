import { BrowserWindow, shell, type WebContents } from 'electron';
import { pushChannels, type NavigatePayload } from '../shared/ipc.ts';
import { isAppPath } from './app-path.ts';
import type { Logger } from './logger.ts';
import { decideNavigation } from './security.ts';

export interface MainWindowOptions {
  preloadPath: string;
  entryUrl: string;
  logger: Logger;
  /** Where it was last time (window-state.ts `restoreBounds`). */
  bounds?: { x?: number; y?: number; width: number; height: number };
  maximized?: boolean;
}

/** The one console window: isolated, sandboxed, no Node in the page (element-desktop's settings). */
export function createMainWindow({ preloadPath, entryUrl, logger, bounds, maximized }: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    ...bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Resuelve Pro',
    backgroundColor: '#ffffff',
    autoHideMenuBar: process.platform !== 'darwin',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: true,
    },
  });
  window.once('ready-to-show', () => {
    if (maximized) window.maximize();
    window.show();
  });
  window.webContents.on('render-process-gone', (_event, details) => {
    logger.error('renderer process gone', { reason: details.reason, exitCode: details.exitCode });
  });
  window.loadURL(entryUrl).catch((error: unknown) => {
    logger.error('console page failed to load', { error: String(error) });
  });
  return window;
}

/** Brings the window forward and, when asked, shows an app path (a notification was clicked). */
export function revealWindow(window: BrowserWindow, path: string | null): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
  if (path && isAppPath(path)) {
    const payload: NavigatePayload = { path };
    window.webContents.send(pushChannels.appNavigate, payload);
  }
}

/**
 * Applied to every web contents the app creates: no webviews, no popups, no navigation away from
 * the app; http(s) links go to the system browser instead.
 */
export function lockDownContents(contents: WebContents, appOrigins: readonly string[], logger: Logger): void {
  const openOutside = (url: string): void => {
    shell.openExternal(url).catch((error: unknown) => logger.warn('could not open link', { error: String(error) }));
  };
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // The console is one window: app links open nowhere new, web links open in the browser.
    if (decideNavigation(url, appOrigins) === 'open-externally') openOutside(url);
    return { action: 'deny' };
  });
  const guard = (event: { preventDefault(): void }, url: string): void => {
    const decision = decideNavigation(url, appOrigins);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-externally') openOutside(url);
    else logger.warn('navigation refused', { url: url.slice(0, 200) });
  };
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
}
