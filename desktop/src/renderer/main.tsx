import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { i18n as I18n } from 'i18next';
import { toLocale } from '@resuelve/contract';
import { App, initI18n, type Platform } from '@resuelve/ui';
import '@resuelve/ui/styles.css';
import type { ResuelveBridge } from '../shared/ipc.ts';
import { createDesktopPlatform } from './desktop-platform.ts';
import { OfflineView } from './offline/offline-view.tsx';
import { useConnection, useHashPath } from './offline/use-connection.ts';
import './offline/offline.css';

/**
 * The console: the shared ui, and the desktop's own saved-jobs screen at `#/offline` (reachable
 * with no connection at all). The ui stays mounted underneath so nothing is lost going back.
 */
function Console({ bridge, platform, i18n }: { bridge: ResuelveBridge; platform: Platform; i18n: I18n }) {
  const path = useHashPath();
  const online = useConnection();
  const [, setLanguage] = useState(i18n.language);
  useEffect(() => {
    const relay = (lng: string) => setLanguage(lng);
    i18n.on('languageChanged', relay);
    return () => i18n.off('languageChanged', relay);
  }, [i18n]);
  // Back online (and at start): what waits goes, in order, and the saved jobs refresh; the main
  // process tells the saved-jobs screen (offline:changed).
  useEffect(() => {
    if (online) void bridge.offline.flush();
  }, [bridge, online]);
  const offlineScreen = path === '/offline' || path.startsWith('/offline?');
  return (
    <>
      <div hidden={offlineScreen}>
        <App platform={platform} routerKind="hash" i18n={i18n} />
      </div>
      {offlineScreen ? <OfflineView bridge={bridge} i18n={i18n} /> : null}
    </>
  );
}

async function start(): Promise<void> {
  const bridge = window.resuelve;
  const root = document.getElementById('root');
  if (!bridge) throw new Error('window.resuelve is missing: the preload did not run');
  if (!root) throw new Error('index.html has no #root element');

  const config = await bridge.config();
  if (!config.ok) throw new Error(`app:config failed: ${config.error.error}`);

  // Translations ship inside the console (app://console/locales/...), so they load offline too.
  const i18n = initI18n({ loadPath: '/locales/{{lng}}/{{ns}}.json' });
  // The main process labels its menus in the person's language.
  bridge.setLanguage({ language: toLocale(i18n.language) });
  i18n.on('languageChanged', (lng: string) => bridge.setLanguage({ language: toLocale(lng) }));
  await i18n.loadNamespaces(['desktop', 'errors']).catch(() => undefined);

  // A clicked notification, a deep link or the Go menu names an app path; the hash router follows the hash.
  bridge.onNavigate(({ path }) => {
    window.location.hash = path;
  });

  createRoot(root).render(
    <StrictMode>
      <Console bridge={bridge} platform={createDesktopPlatform(bridge, config.value)} i18n={i18n} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error('console failed to start', error);
});
