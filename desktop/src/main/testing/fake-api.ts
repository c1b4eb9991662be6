import type { FetchLike } from '../api-call.ts';
import type { TokenStore } from '../token-store.ts';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Responder = (request: RecordedRequest) => Response | Promise<Response>;

/** A fetch that records every request and answers from a per-path script. */
export function createFakeFetch(routes: Record<string, Responder>): FetchLike & { requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fake = async (url: string, init: RequestInit): Promise<Response> => {
    const request: RecordedRequest = {
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    requests.push(request);
    const path = new URL(url).pathname;
    const responder = routes[path];
    if (!responder) return json(404, { error: 'Not Found', status: 404, code: 'route_not_found' });
    return responder(request);
  };
  return Object.assign(fake, { requests });
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export function createMemoryTokenStore(initial: string | null = null): TokenStore & { value: string | null } {
  const store = {
    value: initial,
    get: async () => store.value,
    set: async (token: string) => {
      store.value = token;
    },
    clear: async () => {
      store.value = null;
    },
  };
  return store;
}

export const sampleUser = {
  id: '8d5c1f8e-0000-4000-8000-000000000001',
  email: 'ana@example.com',
  is_contractor: true,
  is_onboarded: true,
  is_email_verified: true,
  is_admin: false,
  language: 'es',
  first_name: 'Ana',
  last_name: 'Rivera',
  display_name: 'Ana Rivera',
  avatar_url: null,
  created_at: '2026-01-01T00:00:00.000Z',
};

export function sessionBody(refreshToken: string | undefined, accessToken = 'access-1'): Record<string, unknown> {
  const body: Record<string, unknown> = { access_token: accessToken, expires_in: 900, user: sampleUser };
  if (refreshToken !== undefined) body.refresh_token = refreshToken;
  return body;
}
