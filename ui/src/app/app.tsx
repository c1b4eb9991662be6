import { Suspense, useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter, createHashRouter, createMemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { limits } from '@resuelve/contract';
import { Toaster } from '../components/toaster.tsx';
import { setPlatform } from '../platform/index.ts';
import type { Platform } from '../platform/index.ts';
import { clientLogger } from '../lib/client-logger.ts';
import { followReach } from '../lib/connection.ts';
import { getI18n } from '../lib/i18n.ts';
import { registerNavigator } from '../lib/navigation.ts';
import { setActiveQueryClient } from '../lib/query-registry.ts';
import { restoreSession } from '../lib/session-actions.ts';
import { createQueryClient, retryFailedOnReconnect } from './query-client.ts';
import { appRoutes } from './routes.tsx';

export type RouterKind = 'browser' | 'hash' | 'memory';

export interface AppProps {
  platform: Platform;
  /** The desktop loads from a file, so it routes in the hash; tests use memory. */
  routerKind?: RouterKind;
  /** First path for the memory router. */
  initialPath?: string;
  i18n?: I18n;
  queryClient?: QueryClient;
  /** A router made beforehand (createAppRouter), in a task of its own before hydration. */
  router?: AppRouter;
}

/** The app's router of a kind: matching its whole tree of routes is a few milliseconds of work. */
export function createAppRouter(kind: RouterKind = 'browser', initialPath = '/') {
  if (kind === 'hash') return createHashRouter(appRoutes);
  if (kind === 'memory') return createMemoryRouter(appRoutes, { initialEntries: [initialPath] });
  return createBrowserRouter(appRoutes);
}

type AppRouter = ReturnType<typeof createAppRouter>;

function setUp(props: AppProps): { router: AppRouter; queryClient: QueryClient } {
  // The platform and query client must be known before the first request, i.e. before any render.
  setPlatform(props.platform);
  const queryClient = props.queryClient ?? createQueryClient();
  setActiveQueryClient(queryClient);
  const router = props.router ?? createAppRouter(props.routerKind ?? 'browser', props.initialPath ?? '/');
  return { router, queryClient };
}

/** Toasts in the app's place and look (components/toaster.tsx), their close button worded. */
function AppToaster() {
  const { t } = useTranslation('common', { useSuspense: false });
  return <Toaster duration={limits.toastDurationMs} closeLabel={t('close')} />;
}

function BootSplash() {
  return (
    <div className="loading-screen loading-screen--full" aria-busy="true">
      <span className="loading-dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
    </div>
  );
}

/** The whole shared ui: `<App platform={createWebPlatform()} routerKind="browser" />`. */
export function App(props: AppProps) {
  const [{ router, queryClient }] = useState(() => setUp(props));
  const i18n = props.i18n ?? getI18n();

  useEffect(() => {
    const unregister = registerNavigator(
      (path, options) => void router.navigate(path, options),
      () => {
        const { pathname, search, hash } = router.state.location;
        return pathname + search + hash;
      },
    );
    const stopReach = followReach();
    const stopReconnect = retryFailedOnReconnect(queryClient);
    clientLogger.start();
    void restoreSession();
    return () => {
      unregister();
      stopReach();
      stopReconnect();
      clientLogger.stop();
    };
  }, [router, queryClient]);

  return (
    <AppFrame i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppFrame>
  );
}

/**
 * What surrounds the router, the same on the server (web/src/entry-server.tsx, with a static
 * router) and in the browser, so a server-rendered page hydrates without a difference.
 */
export function AppFrame({ i18n, queryClient, children }: { i18n: I18n; queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {/* Until the first translations arrive nothing can be worded: dots only. */}
        <Suspense fallback={<BootSplash />}>{children}</Suspense>
        <AppToaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
