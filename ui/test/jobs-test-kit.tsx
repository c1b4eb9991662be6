/**
 * A fake api and job fixtures for the screens of jobs (booking, the client's and the provider's
 * screens): calls are answered by "METHOD /path" (relative to /api/v1, without the query) and
 * recorded with their query, JSON body and headers; anything unexpected answers 404.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { Job, Profile } from '@resuelve/contract';
import { setPlatform } from '../src/platform/index.ts';
import { setActiveQueryClient } from '../src/lib/query-registry.ts';
import { profileQueryKey } from '../src/lib/session-actions.ts';
import { useSession } from '../src/lib/session-store.ts';
import { fakePlatform, profile } from './helpers.tsx';

export interface ApiCall {
  method: string;
  path: string;
  params: URLSearchParams;
  body: unknown;
  headers: Headers;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

export function json(status: number, body?: unknown): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, code: string): Response {
  return json(status, { error: `server says ${code}`, status, code });
}

export function mockApi(routes: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/v1/, ''),
        params: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        headers: new Headers(init?.headers),
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      return handler ? handler(call) : apiError(404, 'route_not_found');
    }),
  );
  return calls;
}

export const clientUser: Profile = profile({ id: 'client-1', first_name: 'Ana' });

/** A job of Ana (client-1) with Plomería Luis (prov-1): 9:00–11:00 in Puerto Rico, 2030-01-10. */
export function job(overrides: Partial<Job> = {}): Job {
  return {
    id: 'job-1',
    status: 'upcoming',
    client_id: 'client-1',
    provider_id: 'prov-1',
    category_id: 1,
    title: 'Arreglar el fregadero',
    description: 'Gotea debajo del fregadero.',
    scheduled_start: '2030-01-10T13:00:00.000Z',
    scheduled_end: '2030-01-10T15:00:00.000Z',
    duration_hours: 2,
    estimated_hours: 2,
    actual_hours: null,
    started_at: null,
    ended_at: null,
    location_type: 'on_site',
    location_address: null,
    session_number: 1,
    total_sessions: 1,
    original_job_id: null,
    proposed_start: null,
    proposed_end: null,
    modification_request: null,
    decline_reason: null,
    review_prompt_shown: false,
    client: { id: 'client-1', name: 'Ana Rivera', profile_picture_url: null },
    provider: { id: 'prov-1', name: 'Plomería Luis', profile_picture_url: null },
    timezone: 'America/Puerto_Rico',
    allowed_actions: ['cancel', 'request_modification'],
    created_at: '2030-01-01T12:00:00.000Z',
    updated_at: '2030-01-01T12:00:00.000Z',
    ...overrides,
  };
}

/** Where the router is now, for assertions on the URL and the state a screen handed on. */
function Where() {
  const location = useLocation();
  return (
    <output data-testid="where" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

/** Render a screen at `path` (pattern `route`, arriving with `state`) signed in as `user`; other paths show only Where. */
export function renderScreen(element: ReactElement, path: string, options: { route: string; user?: Profile; others?: string[]; state?: unknown }) {
  setPlatform(fakePlatform());
  const user = options.user ?? clientUser;
  useSession.setState({ status: 'signed_in', accessToken: 'access-1', user, restoreFailed: false, signedOutByUser: false });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  setActiveQueryClient(queryClient);
  queryClient.setQueryData(profileQueryKey, user);
  const others = options.others ?? ['/client/jobs/:id', '/providers/:id', '/providers', '/messages', '/client/history', '/client/reviews'];
  const routes: RouteObject[] = [
    {
      path: options.route,
      element: (
        <>
          {element}
          <Where />
        </>
      ),
    },
    ...others.filter((p) => p !== options.route).map((p) => ({ path: p, element: <Where /> })),
  ];
  const router = createMemoryRouter(routes, { initialEntries: [options.state === undefined ? path : { pathname: path, state: options.state }] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
