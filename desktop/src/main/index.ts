import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, Menu, net, Notification, protocol, safeStorage, session, shell } from 'electron';
import { defaultLocale, type Locale } from '@resuelve/contract';
import type { AppConfig } from '../shared/ipc.ts';
import { buildAppMenuTemplate } from './app-menu.ts';
import { createAppProtocolHandler } from './app-protocol.ts';
import { ConfigError, readConfig, type DesktopConfig } from './config.ts';
import { DesktopSession } from './desktop-session.ts';
import { registerIpcHandlers } from './ipc-handlers.ts';
import { createConsoleLogger } from './logger.ts';
import { createTranslator, languageFromSystem } from './main-i18n.ts';
import { createNotificationQueue } from './notifications.ts';
import { appEntryUrl, appOrigin, appScheme, buildContentSecurityPolicy, originOf } from './security.ts';
import { SafeStorageTokenStore } from './token-store.ts';
import { createMainWindow, lockDownContents, revealWindow } from './window.ts';

const logger = createConsoleLogger('main');
const desktopCatalogs = __DESKTOP_LOCALES__;

// Every renderer sandboxed, whatever a window's options say (must precede `ready`).
app.enableSandbox();

// Must happen before `ready`: gives the bundled renderer a real, secure origin (app://console).
protocol.registerSchemesAsPrivileged([
  { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

// electron-vite sets this in `dev` only; a packaged app always loads its bundled files.
const devServerUrl = !app.isPackaged ? (process.env.ELECTRON_RENDERER_URL ?? null) : null;
const devServerOrigin = devServerUrl ? originOf(devServerUrl) : null;
const appOrigins = devServerOrigin ? [appOrigin, devServerOrigin] : [appOrigin];

let language: Locale = defaultLocale;
let mainWindow: BrowserWindow | null = null;

function setMenu(config: DesktopConfig): void {
  const template = buildAppMenuTemplate(createTranslator(desktopCatalogs, language), {
    isMac: process.platform === 'darwin',
    isDev: !app.isPackaged,
    openWebsite: () => void shell.openExternal(config.apiOrigin),
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

function osName(): AppConfig['os'] {
  const os = process.platform;
  return os === 'win32' || os === 'darwin' || os === 'linux' ? os : 'other';
}

/**
 * On Linux without a keyring Electron "encrypts" with a fixed key (basic_text); that is plain text
 * in disguise, so it counts as unavailable. The installers target Windows and macOS.
 */
function isEncryptionTrustworthy(): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
}

/** Opens the console window, at `initialPath` when a notification asked for one (hash routing). */
function openWindow(initialPath: string | null = null): BrowserWindow {
  const entryUrl = devServerUrl ?? appEntryUrl;
  const window = createMainWindow({
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    entryUrl: initialPath ? `${entryUrl.split('#')[0]}#${initialPath}` : entryUrl,
    logger,
  });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  mainWindow = window;
  return window;
}

function start(config: DesktopConfig): void {
  const csp = buildContentSecurityPolicy({ apiOrigin: config.apiOrigin, devServerOrigin });
  protocol.handle(
    appScheme,
    createAppProtocolHandler({ rendererRoot: join(import.meta.dirname, '../renderer'), contentSecurityPolicy: csp }),
  );
  if (devServerOrigin) {
    session.defaultSession.webRequest.onHeadersReceived({ urls: [`${devServerOrigin}/*`] }, (details, callback) => {
      callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
    });
  }
  // Notifications, camera, geolocation...: the page asks for none of them; the main process notifies.
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(permission === 'clipboard-sanitized-write'),
  );
  session.defaultSession.setPermissionCheckHandler((_contents, permission) => permission === 'clipboard-sanitized-write');

  const tokenStore = new SafeStorageTokenStore(
    {
      isEncryptionAvailable: isEncryptionTrustworthy,
      encryptString: (plain) => safeStorage.encryptString(plain),
      decryptString: (encrypted) => safeStorage.decryptString(encrypted),
    },
    join(app.getPath('userData'), 'session', 'refresh-token.bin'),
    createConsoleLogger('token-store'),
  );
  const desktopSession = new DesktopSession({
    apiOrigin: config.apiOrigin,
    // Electron's network stack: system proxy and certificate store, like the page itself.
    fetch: (url, init) => net.fetch(url, init),
    tokenStore,
    logger: createConsoleLogger('session'),
  });
  const notifier = createNotificationQueue({
    create: (options) => new Notification(options),
    isSupported: () => Notification.isSupported(),
    // A new window starts at the path; an open one is told to go there.
    openApp: (path) => (mainWindow ? revealWindow(mainWindow, path) : openWindow(path)),
    logger: createConsoleLogger('notifications'),
  });

  registerIpcHandlers({
    ipc: ipcMain,
    appOrigins,
    session: desktopSession,
    notifier,
    openExternal: (url) => void shell.openExternal(url),
    setLanguage: (next) => {
      if (next === language) return;
      language = next;
      setMenu(config);
    },
    appConfig: { apiOrigin: config.apiOrigin, version: app.getVersion(), os: osName() },
    logger: createConsoleLogger('ipc'),
  });

  setMenu(config);
  openWindow();
}

function main(): void {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // Windows shows a notification only for an app id that matches the installer's shortcut.
  if (process.platform === 'win32') app.setAppUserModelId(__APP_ID__);
  app.on('second-instance', () => {
    if (mainWindow) revealWindow(mainWindow, null);
  });
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents, appOrigins, logger));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0) openWindow();
  });

  app
    .whenReady()
    .then(() => {
      language = languageFromSystem(app.getPreferredSystemLanguages());
      let config: DesktopConfig;
      try {
        config = readConfig(process.env, __BUILD_API_ORIGIN__);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        const t = createTranslator(desktopCatalogs, language);
        dialog.showErrorBox(t('startup_error.title'), t('startup_error.invalid_api_origin', { value: error.value }));
        app.exit(1);
        return;
      }
      logger.info('starting', { apiOrigin: config.apiOrigin, dev: devServerOrigin !== null });
      start(config);
    })
    .catch((error: unknown) => {
      logger.error('start-up failed', { error: String(error) });
      app.exit(1);
    });
}

main();
