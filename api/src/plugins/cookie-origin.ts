/**
 * A request that carries the refresh cookie acts as the signed-in person (refresh, sign-out), so
 * `SameSite=Strict` is not its only guard: when it says where it comes from (`Origin`) and that is
 * neither this api's own address (`Host`), `PUBLIC_URL`'s origin nor one of `CORS_ORIGINS`, it is
 * refused with 403 `origin_not_allowed` before anything reads the cookie (decision 0046). A request
 * without `Origin` (a calendar app, curl, an old browser's GET) is not a page of another site.
 */
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { refreshCookieName } from '@resuelve/contract';
import { AppError } from '../lib/errors.ts';

export interface CookieOriginOptions {
  /** Origins whose pages may send the cookie besides the api's own: PUBLIC_URL's and CORS_ORIGINS. */
  allowedOrigins: string[];
}

function carriesRefreshCookie(header: string | undefined): boolean {
  return Boolean(header?.split(';').some((pair) => pair.trim().split('=')[0] === refreshCookieName));
}

function originOf(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null; // "null" (a sandboxed or file page) and anything unreadable
  }
}

export const cookieOriginPlugin: Plugin<CookieOriginOptions> = {
  name: 'cookie-origin',
  register(server, { allowedOrigins }) {
    const allowed = new Set(allowedOrigins.map((origin) => originOf(origin)?.origin).filter(Boolean));
    server.ext('onRequest', (request: Request, h: ResponseToolkit) => {
      const { origin, cookie } = request.headers as { origin?: string; cookie?: string };
      if (origin === undefined || !carriesRefreshCookie(cookie)) return h.continue;
      const from = originOf(origin);
      const ownOrigin = from !== null && from.host === request.headers.host;
      if (from && (ownOrigin || allowed.has(from.origin))) return h.continue;
      throw new AppError('origin_not_allowed', 'Requests with the session cookie must come from this site');
    });
  },
};
