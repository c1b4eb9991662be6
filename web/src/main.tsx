import { StrictMode, startTransition, useEffect } from 'react';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { publicAddressOf, rememberFormats } from '@resuelve/contract';
import { App, appRoutes, beginHydration, createAppRouter, createQueryClient, createWebPlatform, initI18n, loadMatchedRoutes, markHydrated, readServerPageState } from '@resuelve/ui';
import '@resuelve/ui/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const platform = createWebPlatform();

/** Gives the main thread back between the steps of starting the app: each is a task of its own. */
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve));

// Reading the server's state (its words and answers) is a task apart from evaluating the app's code.
if (root.firstChild) await yieldToPage();
const page = root.firstChild ? readServerPageState() : null;

/** Its effect runs after every effect of the first commit: the app is alive (decision 0040). */
function Alive({ children }: { children: ReactNode }) {
  useEffect(markHydrated, []);
  return children;
}

if (page) {
  // A public page the server rendered for a visitor (docs/decisions/0034): its screens, words and
  // answers are all here, so the first render is the server's and hydration waits for nothing.
  await loadMatchedRoutes(appRoutes, window.location.pathname, page.matchedRoutes);
  await yieldToPage();
  // The server's texts for its numbers and dates: hydration loads no ICU data (decision 0043).
  rememberFormats(page.formats);
  const i18n = initI18n({ lng: page.language, preloaded: page.resources });
  await yieldToPage();
  const queryClient = createQueryClient();
  hydrate(queryClient, page.queries);
  await yieldToPage();
  const router = createAppRouter('browser');
  await yieldToPage();
  // As a transition, React hydrates the page in slices and gives the main thread back between them
  // (decision 0040): a phone is never held for the whole page, and the page's links and forms work
  // meanwhile.
  beginHydration(page.now);
  startTransition(() => {
    hydrateRoot(
      root,
      // Marked alive by the screen's own boundary, hydrated last (ui/src/lib/use-hydrated.ts).
      <StrictMode>
        <App platform={platform} routerKind="browser" i18n={i18n} queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
} else {
  // The shell: an `/en` address is English, an un-prefixed public one Spanish (the server already
  // moved a visitor who prefers English), any other screen the saved language.
  const address = publicAddressOf(window.location.pathname);
  const i18n = initI18n(address ? { lng: address.language } : {});
  createRoot(root).render(
    <StrictMode>
      <Alive>
        <App platform={platform} routerKind="browser" i18n={i18n} />
      </Alive>
    </StrictMode>,
  );
}
