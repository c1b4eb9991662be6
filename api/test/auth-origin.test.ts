/**
 * The refresh cookie is not taken from a page of another site (issue 25, decision 0046): a request
 * that carries it with an `Origin` that is neither the api's own, PUBLIC_URL's nor an allowed CORS
 * origin is 403 origin_not_allowed, and nothing happens to the session.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { signIn, signUpVerified } from './api-factories.ts';

const t = useTestServer({ CORS_ORIGINS: 'https://socio.example.pr' });

const me = (token: string) => call(t.server, 'GET', '/api/v1/profiles/me', { token });

async function webSession() {
  const account = await signUpVerified(t.server, t.knex);
  const signedIn = await signIn(t.server, account);
  return { cookie: signedIn.cookie!, token: signedIn.body.access_token as string };
}

describe('a request with the refresh cookie', () => {
  it('is refused from a foreign Origin at refresh, and the cookie keeps working from the site itself', async () => {
    const session = await webSession();
    const foreign = await call(t.server, 'POST', '/api/v1/auth/refresh', { body: {}, cookie: session.cookie, headers: { origin: 'https://atacante.example' } });
    expect(foreign.body).toMatchObject({ status: 403, code: 'origin_not_allowed' });
    expect(foreign.headers['set-cookie']).toBeUndefined();
    const own = await call(t.server, 'POST', '/api/v1/auth/refresh', { body: {}, cookie: session.cookie, headers: { origin: 'http://localhost:3000' } });
    expect(own.status).toBe(200);
  });

  it('is refused from a foreign Origin at sign-out, and the session goes on', async () => {
    const session = await webSession();
    const foreign = await call(t.server, 'POST', '/api/v1/auth/signout', { body: {}, cookie: session.cookie, token: session.token, headers: { origin: 'http://evil.localhost:3000' } });
    expect(foreign.body).toMatchObject({ status: 403, code: 'origin_not_allowed' });
    expect((await me(session.token)).status).toBe(200);
    expect((await call(t.server, 'POST', '/api/v1/auth/refresh', { body: {}, cookie: session.cookie })).status).toBe(200);
  });

  it('is refused with an opaque Origin ("null": a sandboxed frame or a file)', async () => {
    const session = await webSession();
    const opaque = await call(t.server, 'POST', '/api/v1/auth/refresh', { body: {}, cookie: session.cookie, headers: { origin: 'null' } });
    expect(opaque.body.code).toBe('origin_not_allowed');
  });

  it('is taken from the api’s own origin (Host), from PUBLIC_URL’s, from a CORS origin, and without Origin', async () => {
    const session = await webSession();
    let cookie = session.cookie;
    const refresh = async (headers: Record<string, string>) => {
      const res = await call(t.server, 'POST', '/api/v1/auth/refresh', { body: {}, cookie, headers });
      const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((line) => line.startsWith('rs_refresh='));
      if (set) cookie = set.split(';')[0]!.slice('rs_refresh='.length);
      return res.status;
    };
    expect(await refresh({ origin: 'http://127.0.0.1:3300', host: '127.0.0.1:3300' })).toBe(200);
    expect(await refresh({ origin: 'http://localhost:3000' })).toBe(200);
    expect(await refresh({ origin: 'https://socio.example.pr' })).toBe(200);
    expect(await refresh({})).toBe(200);
  });

  it('does not concern a request without the cookie (the desktop sends its token in the body)', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const desktop = await signIn(t.server, account, { client: 'desktop' });
    const res = await call(t.server, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: desktop.body.refresh_token }, headers: { origin: 'app://resuelve' } });
    expect(res.status).toBe(200);
  });
});
