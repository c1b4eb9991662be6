/** The hapi side shared by the account routes: the per-request environment and session answers. */
import type { Request, ResponseToolkit, ServerStateCookieOptions } from '@hapi/hapi';
import { limits, refreshCookieName, sessionMarkerCookieName, type SignInResponse } from '@resuelve/contract';
import type { Config } from '../../../config.ts';
import type { AppContext } from '../../../context.ts';
import { notStored } from '../../../lib/http-cache.ts';
import { issueAccessToken } from '../../../plugins/auth.ts';
import type { AccountEnv } from '../service/account-env.ts';
import type { IssuedSession } from '../service/sessions.ts';

export function accountEnv(context: Pick<AppContext, 'knex' | 'config' | 'senders' | 'clock' | 'events'>, request: Request): AccountEnv {
  const { knex, config, senders, clock, events } = context;
  return {
    db: knex,
    events,
    now: clock.now(),
    publicUrl: config.publicUrl,
    email: {
      mailer: senders.mail,
      localesDir: config.localesDir,
      onError: (error) => request.log(['error', 'email'], { err: error }),
    },
  };
}

/** The web's refresh token: httpOnly, SameSite=Strict, sent only to the auth routes. */
export function refreshCookieOptions(config: Config): ServerStateCookieOptions {
  return {
    ttl: limits.refreshTokenDays * 24 * 3600 * 1000,
    isSecure: config.secureCookies,
    isHttpOnly: true,
    isSameSite: 'Strict',
    path: '/api/v1/auth',
    encoding: 'none',
    strictHeader: true,
    // A garbled cookie is treated as no cookie (refresh then answers refresh_token_invalid).
    ignoreErrors: true,
    clearInvalid: true,
  };
}

/**
 * The marker beside it: readable by the page (not httpOnly), sent everywhere, holding only "1";
 * it lives as long as the refresh cookie and goes with it, so the web asks to refresh only when it is there.
 */
export function sessionMarkerCookieOptions(config: Config): ServerStateCookieOptions {
  return { ...refreshCookieOptions(config), isHttpOnly: false, path: '/' };
}

/** Drops the web session's cookies (the refresh token and its marker) with this response. */
export function clearWebSession(h: ResponseToolkit): void {
  h.unstate(refreshCookieName);
  h.unstate(sessionMarkerCookieName);
}

export function refreshCookieOf(request: Request): string | undefined {
  const value = request.state?.[refreshCookieName] as unknown;
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * Signin and refresh answer alike: an access token and the profile; the refresh token goes in
 * the body for the desktop (kept by its main process) and in the cookie for the web.
 */
export function answerSession(config: Pick<Config, 'jwtSecret'>, h: ResponseToolkit, session: IssuedSession, wrap: (body: SignInResponse) => object = (body) => body) {
  const access = issueAccessToken(config.jwtSecret, session.profile, session.sessionId);
  const body: SignInResponse = { access_token: access.token, expires_in: access.expiresIn, user: session.profile };
  if (session.client === 'desktop') body.refresh_token = session.refreshToken;
  const response = notStored(h, wrap(body));
  if (session.client === 'web') {
    response.state(refreshCookieName, session.refreshToken);
    response.state(sessionMarkerCookieName, '1');
  }
  return response;
}
