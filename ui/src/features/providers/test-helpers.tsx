import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { Profile } from '@resuelve/contract';
import { setPlatform } from '../../platform/index.ts';
import { fakePlatform, profile } from '../../../test/helpers.tsx';
import { setActiveQueryClient } from '../../lib/query-registry.ts';
import { profileQueryKey } from '../../lib/session-actions.ts';
import { useSession } from '../../lib/session-store.ts';
import type { ProviderDetail, ProviderSummary } from './api.ts';

export interface Call {
  method: string;
  path: string;
  params: URLSearchParams;
}

type Handler = (call: Call) => Response | Promise<Response>;

export function json(status: number, body?: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const municipalities = [
  { slug: 'mayaguez', name: 'Mayagüez', lat: 18.2, lng: -67.14 },
  { slug: 'san-juan', name: 'San Juan', lat: 18.4, lng: -66.06 },
  { slug: 'manati', name: 'Manatí', lat: 18.43, lng: -66.49 },
];

/** The municipalities answer: the whole list for an empty q, else names starting with q (accent-insensitive). */
function geoAnswer(call: Call): Response {
  const q = (call.params.get('q') ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const items = municipalities.filter((m) => m.slug.startsWith(q.replace(/\s+/g, '-')));
  return json(200, { items });
}

/** The network, replaced at fetch: "METHOD /path" (under /api/v1) answers; anything else is 404. */
export function mockApi(routes: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  const all: Record<string, Handler> = {
    'GET /geo/municipalities': geoAnswer,
    'GET /categories': () => json(200, { items: [{ id: 1, slug: 'plumbing', name: 'Plomería', group: 'home' }, { id: 2, slug: 'cleaning', name: 'Limpieza', group: 'home' }] }),
    'GET /categories/trending': () => json(200, { items: [{ id: 2, slug: 'cleaning', name: 'Limpieza', group: 'home' }] }),
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = { method: init?.method ?? 'GET', path: url.pathname.replace(/^\/api\/v1/, ''), params: url.searchParams };
      calls.push(call);
      const handler = all[`${call.method} ${call.path}`];
      return handler ? handler(call) : json(404, { error: 'nf', status: 404, code: 'route_not_found' });
    }),
  );
  return calls;
}

export function card(id: string, overrides: Partial<ProviderSummary> = {}): ProviderSummary {
  return {
    id,
    company_name: `Empresa ${id}`,
    categories: [{ slug: 'plumbing', name: 'Plomería' }],
    rating_average: 4.5,
    review_count: 12,
    completed_jobs: 30,
    years_experience: 8,
    insured: true,
    verified: true,
    distance_km: 3.2,
    next_available_at: '2030-01-10T13:00:00.000Z',
    municipality: { slug: 'mayaguez', name: 'Mayagüez' },
    location: null,
    profile_picture_url: null,
    description: 'Reparaciones de tuberías',
    ...overrides,
  };
}

export function detail(overrides: Partial<ProviderDetail> = {}): ProviderDetail {
  const { description: _d, location: _l, ...base } = card('prov-1');
  return {
    ...base,
    description: 'Plomeros con 20 años en el oeste.',
    categories: [{ id: 1, slug: 'plumbing', name: 'Plomería' }],
    website_url: null,
    social_media: {},
    recent_reviews: [{ id: 'r1', rating: 5, comment: 'Excelente trabajo', client_name: 'Ana R.', created_at: '2026-10-01T12:00:00Z' }],
    contact: null,
    business_hours: null,
    timezone: 'America/Puerto_Rico',
    sign_in_required: true,
    ...overrides,
  };
}

/** Where the router is now, for assertions on the URL and the state handed to /auth. */
function Where() {
  const location = useLocation();
  return (
    <output data-testid="where" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname + location.search}
    </output>
  );
}

export const clientUser: Profile = profile({ id: 'client-1' });

/** Render a screen at `path` (pattern `route`), as a visitor or signed in as `user`. */
export function renderAt(element: ReactElement, path: string, options: { route?: string; user?: Profile } = {}) {
  setPlatform(fakePlatform());
  if (options.user) {
    useSession.setState({ status: 'signed_in', accessToken: 'access-1', user: options.user, restoreFailed: false, signedOutByUser: false });
  } else {
    useSession.setState({ status: 'signed_out', accessToken: null, user: null, restoreFailed: false, signedOutByUser: false });
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  setActiveQueryClient(queryClient);
  if (options.user) queryClient.setQueryData(profileQueryKey, options.user);
  const route = options.route ?? path.split('?')[0] ?? path;
  const router = createMemoryRouter(
    [
      {
        path: route,
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
      { path: '/auth', element: <Where /> },
      { path: '/providers', element: <Where /> },
      { path: '/providers/:id', element: <Where /> },
      { path: '/messages', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
