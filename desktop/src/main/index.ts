import { join } from 'node:path';
import {
  app,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
  type BrowserWindow,
} from 'electron';
import electronUpdater from 'electron-updater';
import { defaultLocale, type Locale } from '@resuelve/contract';
import { pushChannels, type AppConfig, type OfflineState } from '../shared/ipc.ts';
import { buildAppMenuTemplate } from './app-menu.ts';
import { createAppProtocolHandler } from './app-protocol.ts';
import { createBadgeController, type BadgeController } from './badge.ts';
import { ConfigError, readConfig, type DesktopConfig } from './config.ts';
import { deepLinkFromArgv, deepLinkScheme } from './deep-link.ts';
import { DesktopSession } from './desktop-session.ts';
import { registerIpcHandlers, type SessionPort } from './ipc-handlers.ts';
import { createConsoleLogger, describeError } from './logger.ts';
import { createTranslator, languageFromSystem, type Translate } from './main-i18n.ts';
import { createNotificationQueue, groupNotifications } from './notifications.ts';
import { nodeFiles, OfflineStore } from './offline-store.ts';
import { createActionSender, fetchOfflineJobs, type OfflineSyncOptions } from './offline-sync.ts';
import { createNotificationPause } from './pause.ts';
import { appEntryUrl, appOrigin, appScheme, buildContentSecurityPolicy, originOf } from './security.ts';
import { claimSingleInstance } from './single-instance.ts';
import { SafeStorageTokenStore, type StringCipher } from './token-store.ts';
import { createUpdateController } from './updater.ts';
import { createMainWindow, lockDownContents, revealWindow } from './window.ts';
import { decideClose, PreferencesFile, restoreBounds } from './window-state.ts';

const logger = createConsoleLogger('main');
const desktopCatalogs = __DESKTOP_LOCALES__;
/** How often the saved jobs are refreshed and waiting actions retried while the app runs. */
const offlineSyncMs = 10 * 60 * 1000;

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
let quitting = false;
let unsaved = false;
let tray: Tray | null = null;
let badge: BadgeController | null = null;
/** A deep link that arrived before the window existed. */
let pendingPath: string | null = deepLinkFromArgv(process.argv);
const preferences = new PreferencesFile(join(app.getPath('userData'), 'window.json'), nodeFiles);

const t = (): Translate => createTranslator(desktopCatalogs, language);

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

const cipher: StringCipher = {
  isEncryptionAvailable: isEncryptionTrustworthy,
  encryptString: (plain) => safeStorage.encryptString(plain),
  decryptString: (encrypted) => safeStorage.decryptString(encrypted),
};

/** Shows `path` in the console: the open window comes forward, or a new one opens there. */
function showPath(path: string | null): void {
  if (mainWindow) revealWindow(mainWindow, path);
  else openWindow(path);
}

/** Asks, in the provider's language, whether to close and lose unsaved changes. */
function confirmDiscard(window: BrowserWindow): boolean {
  const tr = t();
  const choice = dialog.showMessageBoxSync(window, {
    type: 'warning',
    title: tr('close_dialog.title'),
    message: tr('close_dialog.message'),
    detail: tr('close_dialog.detail'),
    buttons: [tr('close_dialog.discard'), tr('close_dialog.cancel')],
    defaultId: 1,
    cancelId: 1,
    noLink: true,
  });
  return choice === 0;
}

function showTrayHintOnce(): void {
  if (preferences.get().trayHintShown) return;
  preferences.update({ trayHintShown: true });
  try {
    const tr = t();
    if (process.platform === 'win32' && tray) tray.displayBalloon({ title: tr('tray.hint_title'), content: tr('tray.hint_body') });
    else if (Notification.isSupported()) new Notification({ title: tr('tray.hint_title'), body: tr('tray.hint_body') }).show();
  } catch (error) {
    logger.warn('tray hint could not be shown', { error: describeError(error) });
  }
}

/** Opens the console window, at `initialPath` when a notification or link asked for one (hash routing). */
function openWindow(initialPath: string | null = null): BrowserWindow {
  const entryUrl = devServerUrl ?? appEntryUrl;
  const saved = preferences.get();
  const window = createMainWindow({
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    entryUrl: initialPath ? `${entryUrl.split('#')[0]}#${initialPath}` : entryUrl,
    logger,
    bounds: restoreBounds(saved.bounds, screen.getAllDisplays().map((display) => display.workArea)),
    maximized: saved.maximized,
  });
  const remember = (): void => {
    if (window.isDestroyed() || window.isMinimized()) return;
    if (window.isMaximized()) preferences.update({ maximized: true });
    else preferences.update({ bounds: window.getBounds(), maximized: false });
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) window.on(event as 'resize', remember);
  window.on('close', (event) => {
    const decision = decideClose({ quitting, closeToTray: preferences.get().closeToTray, unsaved, trayAvailable: tray !== null });
    if (decision === 'ask-unsaved') {
      if (!confirmDiscard(window)) {
        event.preventDefault();
        quitting = false;
        return;
      }
      unsaved = false;
      if (!quitting && preferences.get().closeToTray && tray) {
        event.preventDefault();
        window.hide();
        showTrayHintOnce();
      }
      return;
    }
    if (decision === 'hide-to-tray') {
      event.preventDefault();
      window.hide();
      showTrayHintOnce();
    }
  });
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null;
  });
  mainWindow = window;
  return window;
}

function setMenu(config: DesktopConfig): void {
  const template = buildAppMenuTemplate(t(), {
    isMac: process.platform === 'darwin',
    isDev: !app.isPackaged,
    openWebsite: () => void shell.openExternal(config.apiOrigin),
    go: (path) => showPath(path),
    closeToTray: preferences.get().closeToTray,
    setCloseToTray: (on) => preferences.update({ closeToTray: on }),
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

function createTray(pause: { pause(): void; resume(): void }): void {
  try {
    const icon = nativeImage.createFromDataURL(__TRAY_ICON__);
    if (process.platform === 'darwin') icon.setTemplateImage(false);
    tray = new Tray(icon);
    tray.on('click', () => showPath(null));
    badge = createBadgeController(
      {
        tray,
        buildMenu: (template) => Menu.buildFromTemplate(template),
        setBadgeCount: (count) => app.setBadgeCount(count),
        actions: {
          open: () => showPath(null),
          today: () => showPath('/offline'),
          pause: () => pause.pause(),
          resume: () => pause.resume(),
          quit: () => {
            quitting = true;
            app.quit();
          },
        },
        formatTime: (epochMs) => new Intl.DateTimeFormat(language === 'es' ? 'es-PR' : 'en-US', { timeStyle: 'short' }).format(epochMs),
      },
      t(),
    );
  } catch (error) {
    // Some Linux desktops have no tray: the app works, closing the window quits.
    tray = null;
    logger.warn('no tray here', { error: describeError(error) });
  }
}

async function start(config: DesktopConfig): Promise<void> {
  await preferences.load();
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

  const tokenStore = new SafeStorageTokenStore(cipher, join(app.getPath('userData'), 'session', 'refresh-token.bin'), createConsoleLogger('token-store'));
  const desktopSession = new DesktopSession({
    apiOrigin: config.apiOrigin,
    // Electron's network stack: system proxy and certificate store, like the page itself.
    fetch: (url, init) => net.fetch(url, init),
    tokenStore,
    logger: createConsoleLogger('session'),
  });

  const pause = createNotificationPause({ onChange: (until) => badge?.setPausedUntil(until) });
  createTray(pause);
  const notifier = createNotificationQueue({
    create: (options) => new Notification(options),
    isSupported: () => Notification.isSupported(),
    // A new window starts at the path; an open one is told to go there.
    openApp: (path) => showPath(path),
    logger: createConsoleLogger('notifications'),
    isPaused: () => pause.isPaused(),
    group: (waiting) => groupNotifications(t(), waiting),
  });

  const offlineStore = new OfflineStore({ cipher, directory: join(app.getPath('userData'), 'offline'), logger: createConsoleLogger('offline') });
  const syncOptions: OfflineSyncOptions = {
    apiOrigin: config.apiOrigin,
    fetch: (url, init) => net.fetch(url, init),
    accessToken: async () => {
      const result = await desktopSession.refresh();
      return result.ok && result.value ? result.value.access_token : null;
    },
    logger: createConsoleLogger('offline-sync'),
  };
  const sendAction = createActionSender(syncOptions);
  const announce = (state: OfflineState): OfflineState => {
    mainWindow?.webContents.send(pushChannels.offlineChanged, state);
    return state;
  };
  /** Sends what waits, in order, then refreshes the saved jobs. */
  const syncOffline = async (): Promise<OfflineState> => {
    let state = await offlineStore.flush(sendAction);
    const jobs = await fetchOfflineJobs(syncOptions).catch(() => null);
    if (jobs) state = await offlineStore.saveSnapshot(jobs);
    return announce(state);
  };
  const syncQuietly = (): void => void syncOffline().catch((error: unknown) => logger.warn('offline sync failed', { error: describeError(error) }));
  setInterval(syncQuietly, offlineSyncMs);
  // Soon after start, so a first outage already finds the week saved.
  setTimeout(syncQuietly, 20_000);

  const updates = createUpdateController({
    updater: electronUpdater.autoUpdater,
    isPackaged: app.isPackaged,
    feedUrl: __UPDATE_FEED_URL__,
    askToRestart: async (version) => {
      const tr = t();
      const options = {
        type: 'info' as const,
        title: tr('update_dialog.title'),
        message: tr('update_dialog.message', { version }),
        detail: tr('update_dialog.detail'),
        buttons: [tr('update_dialog.restart'), tr('update_dialog.later')],
        defaultId: 0,
        cancelId: 1,
        noLink: true,
      };
      const answer = mainWindow ? await dialog.showMessageBox(mainWindow, options) : await dialog.showMessageBox(options);
      return answer.response === 0;
    },
    onReady: (version) => logger.info('update downloaded', { version }),
    logger: createConsoleLogger('updater'),
  });

  // The offline data belongs to whoever is signed in: another provider starts empty, sign-out wipes it.
  const sessionPort: SessionPort = {
    signIn: async (credentials) => {
      const result = await desktopSession.signIn(credentials);
      if (result.ok) await offlineStore.setOwner(result.value.user.id).catch(() => undefined);
      return result;
    },
    refresh: async () => {
      const result = await desktopSession.refresh();
      if (result.ok && result.value) await offlineStore.setOwner(result.value.user.id).catch(() => undefined);
      return result;
    },
    signOut: async (accessToken) => {
      await offlineStore.clear().catch(() => undefined);
      return desktopSession.signOut(accessToken);
    },
  };

  registerIpcHandlers({
    ipc: ipcMain,
    appOrigins,
    session: sessionPort,
    notifier,
    openExternal: (url) => void shell.openExternal(url),
    setLanguage: (next) => {
      if (next === language) return;
      language = next;
      setMenu(config);
      badge?.setTranslator(t());
    },
    appConfig: { apiOrigin: config.apiOrigin, version: app.getVersion(), os: osName() },
    logger: createConsoleLogger('ipc'),
    offline: {
      read: () => offlineStore.read(),
      enqueue: (input) => offlineStore.enqueue(input),
      flush: syncOffline,
      dismiss: (id) => offlineStore.dismiss(id),
    },
    setBadge: (counts) => badge?.setCounts(counts),
    setUnsaved: (next) => {
      unsaved = next;
    },
    restartForUpdate: () => {
      quitting = true;
      updates.restartNow();
    },
  });

  setMenu(config);
  openWindow(pendingPath);
  pendingPath = null;
  updates.start();
}

function main(): void {
  const claimed = claimSingleInstance({
    app,
    reveal: (path) => showPath(path),
    remember: (path) => {
      pendingPath = path;
    },
    isReady: () => app.isReady() && mainWindow !== null,
  });
  if (!claimed) return;
  // Windows shows a notification only for an app id that matches the installer's shortcut.
  if (process.platform === 'win32') app.setAppUserModelId(__APP_ID__);
  // resuelve://jobs/{id} opens here; installers also register it (electron-builder.yml `protocols`).
  if (process.defaultApp && process.argv[1]) app.setAsDefaultProtocolClient(deepLinkScheme, process.execPath, [process.argv[1]]);
  else app.setAsDefaultProtocolClient(deepLinkScheme);
  app.on('before-quit', () => {
    quitting = true;
    void preferences.flush();
  });
  app.on('web-contents-created', (_event, contents) => lockDownContents(contents, appOrigins, logger));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin' && !(tray && preferences.get().closeToTray)) app.quit();
  });
  app.on('activate', () => {
    if (app.isReady()) showPath(null);
  });

  app
    .whenReady()
    .then(async () => {
      language = languageFromSystem(app.getPreferredSystemLanguages());
      let config: DesktopConfig;
      try {
        config = readConfig(process.env, __BUILD_API_ORIGIN__);
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        const tr = t();
        dialog.showErrorBox(tr('startup_error.title'), tr('startup_error.invalid_api_origin', { value: error.value }));
        app.exit(1);
        return;
      }
      logger.info('starting', { apiOrigin: config.apiOrigin, dev: devServerOrigin !== null });
      await start(config);
    })
    .catch((error: unknown) => {
      logger.error('start-up failed', { error: String(error) });
      app.exit(1);
    });
}

main();
