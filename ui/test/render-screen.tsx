/**
 * Render one screen as the app would hold it: a memory router, a query client without retries,
 * the fake platform, toasts, and a session signed in as a given person (or signed out).
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster, toast } from 'sonner';
import type { Profile } from '@resuelve/contract';
import { setPlatform } from '../src/platform/index.ts';
import type { SessionTransport } from '../src/platform/index.ts';
import { setActiveQueryClient } from '../src/lib/query-registry.ts';
import { profileQueryKey } from '../src/lib/session-actions.ts';
import { useSession } from '../src/lib/session-store.ts';
import { fakePlatform } from './helpers.tsx';

/** Where the router is now (path, query and the state handed on), for assertions on navigation. */
export function Where() {
  const location = useLocation();
  return (
    <output data-testid="where" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

export interface ScreenOptions {
  /** The route pattern the screen stands at (default: `path` without its query). */
  route?: string;
  /** Signed in as this person; `null` for a visitor. */
  user: Profile | null;
  /** Other route patterns, each showing only Where. */
  others?: string[];
  /** More routes with their own elements. */
  routes?: RouteObject[];
  /** The navigation state the screen arrives with. */
  state?: unknown;
  /** Show Where under the screen (default true). */
  where?: boolean;
  session?: SessionTransport;
  staleTime?: number;
}

export function renderScreen(element: ReactElement, path: string, options: ScreenOptions) {
  const platform = fakePlatform(options.session);
  setPlatform(platform);
  // Toasts live in sonner's module state: an earlier test's toast must not pass for this one's.
  toast.dismiss();
  const user = options.user;
  if (user) {
    useSession.setState({ status: 'signed_in', accessToken: 'access-1', user, restoreFailed: false, signedOutByUser: false });
  } else {
    useSession.setState({ status: 'signed_out', accessToken: null, user: null, restoreFailed: false, signedOutByUser: false });
  }
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }) }, mutations: { retry: false } },
  });
  setActiveQueryClient(queryClient);
  if (user) queryClient.setQueryData(profileQueryKey, user);
  const route = options.route ?? path.split('?')[0] ?? path;
  const routes: RouteObject[] = [
    {
      path: route,
      element:
        options.where === false ? (
          element
        ) : (
          <>
            {element}
            <Where />
          </>
        ),
    },
    ...(options.others ?? []).filter((p) => p !== route).map((p) => ({ path: p, element: <Where /> })),
    ...(options.routes ?? []),
  ];
  const router = createMemoryRouter(routes, { initialEntries: [options.state === undefined ? path : { pathname: path, state: options.state }] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient, platform };
}
