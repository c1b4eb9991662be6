import Jwt from '@hapi/jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import { limits } from '@resuelve/contract';
import { ManualClock } from '../src/lib/clock.ts';
import { call, useTestServer } from './server.ts';
import { refreshCookie, signIn, signUpVerified } from './api-factories.ts';

const t = useTestServer();
let clock: ManualClock;
beforeAll(() => {
  clock = new ManualClock();
  t.server.app.context.clock = clock;
});

const refresh = (options: { cookie?: string; body?: unknown } = {}) =>
  call(t.server, 'POST', '/api/v1/auth/refresh', { body: options.body ?? {}, ...(options.cookie ? { cookie: options.cookie } : {}) });

describe('the web refresh cookie', () => {
  it('is httpOnly, SameSite=Strict, scoped to /api/v1/auth and lives as long as a refresh token', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const res = await signIn(t.server, account);
    const cookie = refreshCookie(res.headers)!;
    expect(cookie.attributes).toEqual(
      expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/api/v1/auth', `Max-Age=${limits.refreshTokenDays * 86400}`]),
    );
    expect(cookie.attributes).not.toContain('Secure');
  });
});

describe('refresh', () => {
  it('rotates the cookie on every use and answers a new session', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const first = await signIn(t.server, account);
    const second = await refresh({ cookie: first.cookie! });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ access_token: expect.any(String), expires_in: limits.accessTokenSeconds, user: expect.objectContaining({ id: account.id }) });
    const rotated = refreshCookie(second.headers)!.value;
    expect(rotated).toMatch(/^[\w-]{43}$/);
    expect(rotated).not.toBe(first.cookie);
    const third = await refresh({ cookie: rotated });
    expect(third.status).toBe(200);
    const rows = await t.knex('refresh_tokens').where({ user_id: account.id }).orderBy('created_at');
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.family_id)).size).toBe(1);
    expect(rows[1].rotated_from).toBe(rows[0].id);
    expect(rows[0].replaced_by).toBe(rows[1].id);
  });

  it('ends the whole family when an old token is used again', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const first = await signIn(t.server, account);
    const rotated = refreshCookie((await refresh({ cookie: first.cookie! })).headers)!.value;

    const reused = await refresh({ cookie: first.cookie! });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ status: 401, code: 'refresh_token_invalid' });
    // The cookie that failed is cleared.
    expect(refreshCookie(reused.headers)?.value).toBe('');

    const legit = await refresh({ cookie: rotated });
    expect(legit.status).toBe(401);
    expect(legit.body.code).toBe('refresh_token_invalid');

    // Another sign-in (another family) is untouched.
    const other = await signIn(t.server, account);
    expect((await refresh({ cookie: other.cookie! })).status).toBe(200);
  });

  it('treats two refreshes racing with one token as reuse: one wins, then the family ends', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const signedIn = await signIn(t.server, account, { client: 'desktop' });
    const body = { refresh_token: signedIn.body.refresh_token };
    const answers = await Promise.all([refresh({ body }), refresh({ body })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    const winner = answers.find((a) => a.status === 200)!;
    expect((await refresh({ body: { refresh_token: winner.body.refresh_token } })).status).toBe(401);
  });

  it('gives the desktop its rotated token in the body, never as a cookie', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const signedIn = await signIn(t.server, account, { client: 'desktop' });
    const res = await refresh({ body: { refresh_token: signedIn.body.refresh_token } });
    expect(res.status).toBe(200);
    expect(res.body.refresh_token).toMatch(/^[\w-]{43}$/);
    expect(res.body.refresh_token).not.toBe(signedIn.body.refresh_token);
    expect(refreshCookie(res.headers)).toBeNull();
  });

  it('never puts a web session token in the body', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const signedIn = await signIn(t.server, account);
    const res = await refresh({ body: { refresh_token: signedIn.cookie } });
    expect(res.status).toBe(200);
    expect(res.body.refresh_token).toBeUndefined();
    expect(refreshCookie(res.headers)!.value).toMatch(/^[\w-]{43}$/);
  });

  it('answers refresh_token_invalid without a token, with an unknown one, and with an empty body', async () => {
    for (const res of [
      await refresh(),
      await refresh({ body: { refresh_token: 'nope' } }),
      await call(t.server, 'POST', '/api/v1/auth/refresh'),
      await refresh({ cookie: 'garbage' }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 401, code: 'refresh_token_invalid' });
    }
  });

  it('lets a refresh token expire after its lifetime', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const signedIn = await signIn(t.server, account, { client: 'desktop' });
    clock.advance(limits.refreshTokenDays * 86400_000 + 1000);
    const res = await refresh({ body: { refresh_token: signedIn.body.refresh_token } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('refresh_token_invalid');
  });
});

describe('sign-out', () => {
  it('ends the web session, clears the cookie and answers 204, even without an access token', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const signedIn = await signIn(t.server, account);
    const res = await call(t.server, 'POST', '/api/v1/auth/signout', { body: {}, cookie: signedIn.cookie! });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    const cleared = refreshCookie(res.headers)!;
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toEqual(expect.arrayContaining(['Max-Age=0', 'Path=/api/v1/auth']));
    expect((await refresh({ cookie: signedIn.cookie! })).body.code).toBe('refresh_token_invalid');
  });

  it('ends the desktop session given in the body, with an expired access token too', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const signedIn = await signIn(t.server, account, { client: 'desktop' });
    const res = await call(t.server, 'POST', '/api/v1/auth/signout', {
      body: { refresh_token: signedIn.body.refresh_token },
      token: 'not.a.jwt',
    });
    expect(res.status).toBe(204);
    expect((await refresh({ body: { refresh_token: signedIn.body.refresh_token } })).status).toBe(401);
  });

  it('answers 204 for no token or an unknown one', async () => {
    expect((await call(t.server, 'POST', '/api/v1/auth/signout')).status).toBe(204);
    expect((await call(t.server, 'POST', '/api/v1/auth/signout', { body: { refresh_token: 'unknown' } })).status).toBe(204);
  });
});

describe('access tokens', () => {
  it('answers 401 unauthorized without or with a bad token, and token_expired for an expired one', async () => {
    const none = await call(t.server, 'GET', '/api/v1/profiles/me');
    expect(none.body).toMatchObject({ status: 401, code: 'unauthorized' });
    const bad = await call(t.server, 'GET', '/api/v1/profiles/me', { token: 'abc.def.ghi' });
    expect(bad.body).toMatchObject({ status: 401, code: 'unauthorized' });
    const forged = Jwt.token.generate(
      { aud: 'resuelve', iss: 'resuelve-api', sub: '00000000-0000-4000-8000-000000000000', adm: true },
      { key: 'another-secret-another-secret-another', algorithm: 'HS256' },
    );
    expect((await call(t.server, 'GET', '/api/v1/profiles/me', { token: forged })).body.code).toBe('unauthorized');

    const account = await signUpVerified(t.server, t.knex);
    const expired = Jwt.token.generate(
      { aud: 'resuelve', iss: 'resuelve-api', sub: account.id, iat: Math.floor(Date.now() / 1000) - 3600, exp: Math.floor(Date.now() / 1000) - 1800 },
      { key: t.config.jwtSecret, algorithm: 'HS256' },
    );
    const res = await call(t.server, 'GET', '/api/v1/profiles/me', { token: expired });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_expired');
  });

  it('carries the admin and provider flags of the profile', async () => {
    const account = await signUpVerified(t.server, t.knex);
    await t.knex('profiles').where({ id: account.id }).update({ is_admin: true, is_contractor: true });
    const signedIn = await signIn(t.server, account);
    const { decoded } = Jwt.token.decode(signedIn.body.access_token);
    expect(decoded.payload).toMatchObject({ sub: account.id, adm: true, ctr: true });
    expect(decoded.payload.exp - decoded.payload.iat).toBe(limits.accessTokenSeconds);
  });
});

describe('cookies in production', () => {
  const production = useTestServer({ NODE_ENV: 'production' });
  it('marks the refresh cookie Secure', async () => {
    const account = await signUpVerified(production.server, production.knex);
    const res = await signIn(production.server, account);
    expect(refreshCookie(res.headers)!.attributes).toContain('Secure');
  });
});

describe('cookies behind HTTPS', () => {
  const https = useTestServer({ PUBLIC_URL: 'https://resuelve.example.pr' });
  it('marks the refresh cookie Secure when PUBLIC_URL is https, in development too', async () => {
    expect(https.config.env).toBe('test');
    const account = await signUpVerified(https.server, https.knex);
    const res = await signIn(https.server, account);
    expect(refreshCookie(res.headers)!.attributes).toContain('Secure');
  });
});
