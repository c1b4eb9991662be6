/** Bearer access tokens (short-lived JWT, DESIGN.md §4); every route needs one unless it says `auth: false`. */
import Jwt from '@hapi/jwt';
import type { Plugin } from '@hapi/hapi';
import { limits } from '@resuelve/contract';
import type { SessionCredentials } from '../context.ts';

const audience = 'resuelve';
const issuer = 'resuelve-api';

export function issueAccessToken(
  secret: string,
  user: { id: string; is_admin: boolean; is_contractor: boolean },
): { token: string; expiresIn: number } {
  const token = Jwt.token.generate(
    { aud: audience, iss: issuer, sub: user.id, adm: user.is_admin, ctr: user.is_contractor },
    { key: secret, algorithm: 'HS256' },
    { ttlSec: limits.accessTokenSeconds },
  );
  return { token, expiresIn: limits.accessTokenSeconds };
}

export const authPlugin: Plugin<{ secret: string }> = {
  name: 'auth',
  async register(server, { secret }) {
    await server.register(Jwt);
    server.auth.strategy('session', 'jwt', {
      keys: { key: secret, algorithms: ['HS256'] },
      verify: { aud: audience, iss: issuer, sub: false, nbf: true, exp: true, timeSkewSec: 15 },
      validate: (artifacts: { decoded: { payload: Record<string, unknown> } }) => {
        const { sub, adm, ctr } = artifacts.decoded.payload;
        if (typeof sub !== 'string') return { isValid: false };
        const credentials: SessionCredentials = { userId: sub, isAdmin: adm === true, isContractor: ctr === true };
        return { isValid: true, credentials: { user: credentials, ...credentials } };
      },
    });
    server.auth.default('session');
  },
};
