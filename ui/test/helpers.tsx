import { vi } from 'vitest';
import { act, render } from '@testing-library/react';
import type { Profile, SignInResponse } from '@resuelve/contract';
import { App } from '../src/app/app.tsx';
import type { Platform, SessionTransport } from '../src/platform/index.ts';
import { setPlatform } from '../src/platform/index.ts';
import { useSession } from '../src/lib/session-store.ts';
import { createQueryClient } from '../src/app/query-client.ts';
import { profile } from './profile-fixtures.ts';

export { profile };

export function signInResponse(user: Profile = profile(), token = 'access-1'): SignInResponse {
  return { access_token: token, expires_in: 900, user };
}

export function fakeTransport(overrides: Partial<SessionTransport> = {}): SessionTransport {
  return {
    signIn: vi.fn(async () => signInResponse()),
    refresh: vi.fn(async () => null),
    signOut: vi.fn(async () => undefined),
    ...overrides,
  };
}

export function fakePlatform(session: SessionTransport = fakeTransport()): Platform {
  return { kind: 'web', apiOrigin: '', session, notify: vi.fn(), openExternal: vi.fn() };
}

export function usePlatform(session?: SessionTransport): Platform {
  const platform = fakePlatform(session);
  setPlatform(platform);
  return platform;
}

export function resetSession(): void {
  // A screen may still show the session (a second render in one test): it follows inside act.
  act(() => useSession.setState({ status: 'loading', accessToken: null, user: null, restoreFailed: false, signedOutByUser: false }));
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answer fetch by "METHOD /path" (path relative to /api/v1); unknown calls answer 404. */
export function mockFetch(routes: Record<string, (init: RequestInit | undefined) => Response | Promise<Response>>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname.replace(/^\/api\/v1/, '')}`;
    const handler = routes[key];
    if (!handler) return jsonResponse({ error: 'Not found', status: 404, code: 'route_not_found' }, 404);
    return handler(init);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** Render the whole app at a path with a session transport that restores `user` (or none). */
export function renderApp(path: string, options: { user?: Profile | null; session?: SessionTransport } = {}) {
  resetSession();
  const session =
    options.session ??
    fakeTransport({ refresh: vi.fn(async () => (options.user ? signInResponse(options.user) : null)) });
  const platform = fakePlatform(session);
  const queryClient = createQueryClient();
  const view = render(<App platform={platform} routerKind="memory" initialPath={path} queryClient={queryClient} />);
  return { ...view, platform, queryClient };
}
