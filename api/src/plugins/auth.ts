/**
 * Bearer access tokens (short-lived JWT, DESIGN.md §4); every route needs one unless it says
 * `auth: false`. A token names its session (`sid`, the refresh-token family): one that has ended,
 * one of an account that no longer exists, and one without an expiry are refused with 401.
 */
import Jwt from '@hapi/jwt';
import type { Plugin } from '@hapi/hapi';
import type { Knex } from 'knex';
import { limits } from '@resuelve/contract';
import type { SessionCredentials } from '../context.ts';
import { sessionIsLive } from '../lib/live-sessions.ts';

const audience = 'resuelve';
const issuer = 'resuelve-api';

export function issueAccessToken(
  secret: string,
  user: { id: string; is_admin: boolean; is_contractor: boolean },
  sessionId: string,
): { token: string; expiresIn: number } {
  const token = Jwt.token.generate(
    { aud: audience, iss: issuer, sub: user.id, sid: sessionId, adm: user.is_admin, ctr: user.is_contractor },
    { key: secret, algorithm: 'HS256' },
    { ttlSec: limits.accessTokenSeconds },
  );
  return { token, expiresIn: limits.accessTokenSeconds };
}

export const authPlugin: Plugin<{ secret: string; knex: Knex }> = {
  name: 'auth',
  async register(server, { secret, knex }) {
    await server.register(Jwt);
    server.auth.strategy('session', 'jwt', {
      keys: { key: secret, algorithms: ['HS256'] },
      verify: { aud: audience, iss: issuer, sub: false, nbf: true, exp: true, timeSkewSec: 15 },
      validate: async (artifacts: { decoded: { payload: Record<string, unknown> } }) => {
        const { sub, sid, adm, ctr, exp } = artifacts.decoded.payload;
        // The library checks `exp` only when present: a token that never expires is no token.
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return { isValid: false };
        if (!(await sessionIsLive(knex, sub, sid))) return { isValid: false };
        const credentials: SessionCredentials = { userId: sub, sessionId: sid, isAdmin: adm === true, isContractor: ctr === true };
        return { isValid: true, credentials: { user: credentials, ...credentials } };
      },
    });
    server.auth.default('session');
  },
};
