/**
 * The network of a screen test, replaced at fetch: calls are answered by "METHOD /path" (relative
 * to /api/v1, without the query) and recorded with their query, JSON body and headers; anything
 * unexpected answers 404 route_not_found.
 */
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  path: string;
  /** The query as written ("?a=1", or "" without one). */
  search: string;
  params: URLSearchParams;
  body: unknown;
  headers: Headers;
  authorization: string | null;
}

export type ApiHandler = (call: ApiCall) => Response | Promise<Response>;

export function json(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** The api's error shape: `{error, status, code}` and, when given, the fields' details. */
export function apiError(status: number, code: string, details?: Record<string, string>): Response {
  return json(status, { error: `server says ${code}`, status, code, ...(details ? { details } : {}) });
}

export function mockApi(routes: Record<string, ApiHandler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = new Headers(init?.headers);
      const call: ApiCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/v1/, ''),
        search: url.search,
        params: url.searchParams,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        headers,
        authorization: headers.get('Authorization'),
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      return handler ? handler(call) : apiError(404, 'route_not_found');
    }),
  );
  return calls;
}
