import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { toLocale } from '@resuelve/contract';
import { App, initI18n } from '@resuelve/ui';
import '@resuelve/ui/styles.css';
import { createDesktopPlatform } from './desktop-platform.ts';

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

  // A clicked notification names an app path; the hash router follows the hash.
  bridge.onNavigate(({ path }) => {
    window.location.hash = path;
  });

  createRoot(root).render(
    <StrictMode>
      <App platform={createDesktopPlatform(bridge, config.value)} routerKind="hash" i18n={i18n} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error('console failed to start', error);
});
