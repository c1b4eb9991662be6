/**
 * Bearer access tokens (short-lived JWT, DESIGN.md §4); every route needs one unless it says
 * `auth: false`. A token is only a pointer to its session (`sid`, a refresh-token family the api
 * issued) and its account (`sub`): what the caller may do is read from the account through the one
 * session check (lib/live-sessions.ts), never from the token's claims. A token of an ended or
 * never-issued session, of an account that is gone or suspended, without an expiry, or whose
 * lifetime exceeds the configured one is refused with 401 (decision 0046).
 *
 * The check runs for every request that enters the api: the `session` strategy runs it on HTTP
 * requests and a socket's hello and re-authentication (nes "direct" auth injects them through this
 * strategy); credentials handed to `server.inject` from elsewhere pass it at `onCredentials`.
 */
import Boom from '@hapi/boom';
import Jwt from '@hapi/jwt';
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import type { Knex } from 'knex';
import { limits } from '@resuelve/contract';
import type { SessionCredentials } from '../context.ts';
import type { EventBus } from '../lib/events.ts';
import { forgetEnded, liveSession } from '../lib/live-sessions.ts';

const audience = 'resuelve';
const issuer = 'resuelve-api';
/** The clock difference tolerated between the api processes that issue and check a token. */
const timeSkewSeconds = 15;

export function issueAccessToken(
  secret: string,
  user: { id: string; is_admin: boolean; is_contractor: boolean },
  sessionId: string,
): { token: string; expiresIn: number } {
  // `adm` and `ctr` say what the account was at issue, for the ui's first screen; the api reads the account.
  const token = Jwt.token.generate(
    { aud: audience, iss: issuer, sub: user.id, sid: sessionId, adm: user.is_admin, ctr: user.is_contractor },
    { key: secret, algorithm: 'HS256' },
    { ttlSec: limits.accessTokenSeconds },
  );
  return { token, expiresIn: limits.accessTokenSeconds };
}

/** The token's own promises: an expiry, an issue time, and a lifetime no longer than the api gives. */
function lifetimeIsValid(iat: unknown, exp: unknown, nowSeconds: number): boolean {
  if (typeof exp !== 'number' || typeof iat !== 'number') return false;
  if (iat > nowSeconds + timeSkewSeconds) return false;
  return exp - iat <= limits.accessTokenSeconds;
}

/** The credentials of a live session, roles from the account; null when the session has ended. */
export async function sessionCredentials(knex: Knex, userId: string, sessionId: string, exp: number): Promise<SessionCredentials | null> {
  const account = await liveSession(knex, userId, sessionId);
  if (!account) return null;
  return { userId, sessionId, isAdmin: account.isAdmin, isContractor: account.isContractor, expiresAt: exp };
}

export const authPlugin: Plugin<{ secret: string; knex: Knex; events: EventBus }> = {
  name: 'auth',
  async register(server, { secret, knex, events }) {
    await server.register(Jwt);
    server.auth.strategy('session', 'jwt', {
      keys: { key: secret, algorithms: ['HS256'] },
      verify: { aud: audience, iss: issuer, sub: false, nbf: true, exp: true, timeSkewSec: timeSkewSeconds },
      validate: async (artifacts: { decoded: { payload: Record<string, unknown> } }) => {
        const { sub, sid, exp, iat } = artifacts.decoded.payload;
        // The library checks `exp` only when present: a token that never expires is no token.
        if (typeof sub !== 'string' || typeof sid !== 'string' || !lifetimeIsValid(iat, exp, Date.now() / 1000)) return { isValid: false };
        const credentials = await sessionCredentials(knex, sub, sid, exp as number);
        if (!credentials) return { isValid: false };
        return { isValid: true, credentials: { user: credentials, ...credentials } };
      },
    });
    server.auth.default('session');

    // Credentials that did not come through the strategy (server.inject with `auth`) pass the same check.
    server.ext('onCredentials', async (request: Request, h: ResponseToolkit) => {
      if (!request.auth.isInjected || !request.auth.credentials) return h.continue;
      const given = request.auth.credentials.user;
      const expiresAt = given?.expiresAt;
      if (!given || typeof expiresAt !== 'number' || expiresAt * 1000 <= Date.now()) throw Boom.unauthorized();
      const fresh = await sessionCredentials(knex, given.userId, given.sessionId, expiresAt);
      if (!fresh) throw Boom.unauthorized();
      request.auth.credentials = { user: fresh, ...fresh };
      return h.continue;
    });

    // Another process ended sessions: this one stops trusting them now, not after its memory lapses.
    const stop = events.subscribe('session.ended', (ended) => forgetEnded(ended));
    server.ext('onPostStop', () => {
      stop();
    });
  },
};
