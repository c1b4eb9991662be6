import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import type { Profile, SignInResponse } from '@resuelve/contract';
import { setPlatform } from '../../platform/index.ts';
import { createWebPlatform } from '../../platform/web.ts';
import { useSession } from '../../lib/session-store.ts';
import { profile as newProfile } from '../../../test/profile-fixtures.ts';

export interface ApiCall {
  path: string;
  method: string;
  body: unknown;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function apiError(code: string, status: number, headers: Record<string, string> = {}): Response {
  return json(status, { error: `server says ${code}`, status, code }, headers);
}

/** Replace the network (global fetch): every api call is recorded and answered by `handler`. */
export function mockApi(handler: Handler): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const call: ApiCall = {
        path: url.replace(/^.*\/api\/v1/, ''),
        method: init?.method ?? 'GET',
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

export const profile: Profile = newProfile({ id: 'u1', last_name: null, display_name: 'Ana', created_at: '2026-11-01T00:00:00.000Z' });

export const signInResponse: SignInResponse = { access_token: 'token-1', expires_in: 900, user: profile };

/** Shows where the router ended up, for asserting navigation. */
export function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname + location.search}</p>;
}

interface Entry {
  pathname: string;
  search?: string;
  state?: unknown;
}

/** Render a screen at a route inside a memory router, the web platform and a query client without retries. */
export function renderRoute(path: string, element: ReactElement, entry: string | Entry) {
  setPlatform(createWebPlatform());
  useSession.setState({ status: 'signed_out', accessToken: null, user: null, restoreFailed: false });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
