import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { publicAddressOf } from '@resuelve/contract';
import { App, appRoutes, createQueryClient, createWebPlatform, initI18n, loadMatchedRoutes, readServerPageState } from '@resuelve/ui';
import '@resuelve/ui/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const platform = createWebPlatform();
const page = root.firstChild ? readServerPageState() : null;

if (page) {
  // A public page the server rendered for a visitor (docs/decisions/0034): its screens, words and
  // answers are all here, so the first render is the server's and hydration waits for nothing.
  await loadMatchedRoutes(appRoutes, window.location.pathname);
  const i18n = initI18n({ lng: page.language, preloaded: page.resources });
  const queryClient = createQueryClient();
  hydrate(queryClient, page.queries);
  hydrateRoot(
    root,
    <StrictMode>
      <App platform={platform} routerKind="browser" i18n={i18n} queryClient={queryClient} />
    </StrictMode>,
  );
} else {
  // The shell: an `/en` address is English, an un-prefixed public one Spanish (the server already
  // moved a visitor who prefers English), any other screen the saved language.
  const address = publicAddressOf(window.location.pathname);
  const i18n = initI18n(address ? { lng: address.language } : {});
  createRoot(root).render(
    <StrictMode>
      <App platform={platform} routerKind="browser" i18n={i18n} />
    </StrictMode>,
  );
}
