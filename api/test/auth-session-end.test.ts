/** Access tokens end with their session: sign-out, password reset, a deleted account; none lives forever. */
import Jwt from '@hapi/jwt';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { limits } from '@resuelve/contract';
import { sessionCheckSeconds } from '../src/lib/live-sessions.ts';
import { issueAccessToken } from '../src/plugins/auth.ts';
import { call, useTestServer } from './server.ts';
import { signIn, signUpVerified } from './api-factories.ts';
import { lastLinkTo, tokenOf } from './outbox.ts';

const t = useTestServer();

const me = (token: string) => call(t.server, 'GET', '/api/v1/profiles/me', { token });

describe('an access token', () => {
  it('names its session, the refresh family it came with', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const signedIn = await signIn(t.server, account);
    const { payload } = Jwt.token.decode(signedIn.body.access_token).decoded;
    const family = await t.knex('refresh_tokens').where({ user_id: account.id }).first('family_id');
    expect(payload.sid).toBe(family.family_id);
  });

  it('stops working at sign-out (web cookie), with 401 unauthorized', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const signedIn = await signIn(t.server, account);
    const token = signedIn.body.access_token as string;
    expect((await me(token)).status).toBe(200);
    expect((await call(t.server, 'POST', '/api/v1/auth/signout', { body: {}, cookie: signedIn.cookie!, token })).status).toBe(204);
    expect((await me(token)).body).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('stops working at sign-out (desktop refresh token in the body), other sessions of the account go on', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const desktop = await signIn(t.server, account, { client: 'desktop' });
    const web = await signIn(t.server, account);
    expect((await me(desktop.body.access_token)).status).toBe(200);
    await call(t.server, 'POST', '/api/v1/auth/signout', { body: { refresh_token: desktop.body.refresh_token } });
    expect((await me(desktop.body.access_token)).status).toBe(401);
    expect((await me(web.body.access_token)).status).toBe(200);
  });

  it('ends its session at sign-out even when only the access token is sent', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const signedIn = await signIn(t.server, account);
    const token = signedIn.body.access_token as string;
    expect((await call(t.server, 'POST', '/api/v1/auth/signout', { body: {}, token })).status).toBe(204);
    expect((await me(token)).status).toBe(401);
    expect((await call(t.server, 'POST', '/api/v1/auth/refresh', { body: {}, cookie: signedIn.cookie! })).body.code).toBe('refresh_token_invalid');
  });

  it('stops working, for every session of the account, when the password is reset', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const web = await signIn(t.server, account);
    const desktop = await signIn(t.server, account, { client: 'desktop' });
    expect((await me(web.body.access_token)).status).toBe(200);
    expect((await me(desktop.body.access_token)).status).toBe(200);
    await call(t.server, 'POST', '/api/v1/auth/password-reset', { body: { email: account.email } });
    const link = tokenOf(await lastLinkTo(t.knex, account.email, '/auth/reset-password'));
    expect((await call(t.server, 'POST', '/api/v1/auth/password-reset/confirm', { body: { token: link, password: 'Nueva#Clave2027' } })).status).toBe(204);
    expect((await me(web.body.access_token)).status).toBe(401);
    expect((await me(desktop.body.access_token)).status).toBe(401);
    const again = await signIn(t.server, { email: account.email, password: 'Nueva#Clave2027' });
    expect((await me(again.body.access_token)).status).toBe(200);
  });

  it('keeps its session through refreshes (web cookie and desktop body), and sign-out ends every token of it', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const web = await signIn(t.server, account);
    const refreshed = await call(t.server, 'POST', '/api/v1/auth/refresh', { body: {}, cookie: web.cookie! });
    expect(refreshed.status).toBe(200);
    const sid = (token: string) => Jwt.token.decode(token).decoded.payload.sid;
    expect(sid(refreshed.body.access_token)).toBe(sid(web.body.access_token));
    expect((await me(web.body.access_token)).status).toBe(200);
    expect((await me(refreshed.body.access_token)).status).toBe(200);

    const desktop = await signIn(t.server, account, { client: 'desktop' });
    const turned = await call(t.server, 'POST', '/api/v1/auth/refresh', { body: { refresh_token: desktop.body.refresh_token } });
    expect(turned.status).toBe(200);
    // The desktop signs out with its newest refresh token and its access token.
    await call(t.server, 'POST', '/api/v1/auth/signout', { body: { refresh_token: turned.body.refresh_token }, token: turned.body.access_token });
    expect((await me(desktop.body.access_token)).status).toBe(401);
    expect((await me(turned.body.access_token)).status).toBe(401);
    expect((await me(refreshed.body.access_token)).status).toBe(200);
  });

  it('is refused without an expiry, even signed with the right key', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const signedIn = await signIn(t.server, account);
    const { sid } = Jwt.token.decode(signedIn.body.access_token).decoded.payload;
    const forever = Jwt.token.generate({ aud: 'resuelve', iss: 'resuelve-api', sub: account.id, sid }, { key: t.config.jwtSecret, algorithm: 'HS256' });
    expect(Jwt.token.decode(forever).decoded.payload.exp).toBeUndefined();
    expect((await me(forever)).body).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('is refused without a session id', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const bare = Jwt.token.generate({ aud: 'resuelve', iss: 'resuelve-api', sub: account.id }, { key: t.config.jwtSecret, algorithm: 'HS256' }, { ttlSec: 600 });
    expect((await me(bare)).status).toBe(401);
  });

  it('is refused for an account that does not exist (or no longer does)', async () => {
    const ghost = issueAccessToken(t.config.jwtSecret, { id: randomUUID(), is_admin: true, is_contractor: false }, randomUUID()).token;
    expect((await me(ghost)).body).toMatchObject({ status: 401, code: 'unauthorized' });
    const notAnId = issueAccessToken(t.config.jwtSecret, { id: 'admin', is_admin: true, is_contractor: false }, randomUUID()).token;
    expect((await me(notAnId)).status).toBe(401);
  });
});

describe('what a token may claim (decision 0046)', () => {
  const signWith = (payload: Record<string, unknown>) => Jwt.token.generate({ aud: 'resuelve', iss: 'resuelve-api', ...payload }, { key: t.config.jwtSecret, algorithm: 'HS256' });
  const now = () => Math.floor(Date.now() / 1000);

  it('opens no admin route with `adm: true` on a client’s token: the role is read from the account', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const signedIn = await signIn(t.server, account);
    const { sid } = Jwt.token.decode(signedIn.body.access_token).decoded.payload;
    const claimed = signWith({ sub: account.id, sid, adm: true, iat: now(), exp: now() + 600 });
    expect((await me(claimed)).status).toBe(200);
    const admin = await call(t.server, 'GET', '/api/v1/admin/overview?days=7', { token: claimed });
    expect(admin.body).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('gives an account made admin its role at once, and takes it back, whatever its token says', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const token = (await signIn(t.server, account)).body.access_token as string;
    expect(Jwt.token.decode(token).decoded.payload.adm).toBe(false);
    await t.knex('profiles').where({ id: account.id }).update({ is_admin: true });
    // The session check is remembered a few seconds; a new session asks afresh.
    const adminToken = (await signIn(t.server, account)).body.access_token as string;
    expect((await call(t.server, 'GET', '/api/v1/admin/overview?days=7', { token: adminToken })).status).toBe(200);
    await t.knex('profiles').where({ id: account.id }).update({ is_admin: false });
    const again = (await signIn(t.server, account)).body.access_token as string;
    expect((await call(t.server, 'GET', '/api/v1/admin/overview?days=7', { token: again })).status).toBe(403);
  });

  it('is refused, with 401 unauthorized, when its session id was never issued', async () => {
    const account = await signUpVerified(t.server, t.knex);
    await signIn(t.server, account);
    const madeUp = signWith({ sub: account.id, sid: randomUUID(), iat: now(), exp: now() + 600 });
    expect((await me(madeUp)).body).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('is refused when its session was issued to another account', async () => {
    const [mine, theirs] = [await signUpVerified(t.server, t.knex), await signUpVerified(t.server, t.knex)];
    const theirSession = Jwt.token.decode((await signIn(t.server, theirs)).body.access_token).decoded.payload.sid;
    expect((await me(signWith({ sub: mine.id, sid: theirSession, iat: now(), exp: now() + 600 }))).status).toBe(401);
  });

  it('is refused when its lifetime exceeds the configured one (a 10-year exp), or it has no issue time', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const { sid } = Jwt.token.decode((await signIn(t.server, account)).body.access_token).decoded.payload;
    const tenYears = signWith({ sub: account.id, sid, iat: now(), exp: now() + 10 * 365 * 86_400 });
    expect((await me(tenYears)).body).toMatchObject({ status: 401, code: 'unauthorized' });
    const justOver = signWith({ sub: account.id, sid, iat: now(), exp: now() + limits.accessTokenSeconds + 1 });
    expect((await me(justOver)).status).toBe(401);
    const noIssueTime = Jwt.token.generate(
      { aud: 'resuelve', iss: 'resuelve-api', sub: account.id, sid, exp: now() + 600 },
      { key: t.config.jwtSecret, algorithm: 'HS256' },
      { iat: false },
    );
    expect(Jwt.token.decode(noIssueTime).decoded.payload.iat).toBeUndefined();
    expect((await me(noIssueTime)).status).toBe(401);
    const issuedAhead = signWith({ sub: account.id, sid, iat: now() + 3600, exp: now() + 3600 + 600 });
    expect((await me(issuedAhead)).status).toBe(401);
    const exactly = signWith({ sub: account.id, sid, iat: now(), exp: now() + limits.accessTokenSeconds });
    expect((await me(exactly)).status).toBe(200);
  });
});

describe('credentials handed to the api without a token (server.inject, as nes did for socket requests)', () => {
  it('pass the same session check: an ended session is refused, a live one gets the account’s own roles', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const signedIn = await signIn(t.server, account);
    const { sid, exp } = Jwt.token.decode(signedIn.body.access_token).decoded.payload;
    const injected = (isAdmin: boolean) => {
      const user = { userId: account.id, sessionId: sid, isAdmin, isContractor: false, expiresAt: exp };
      return t.server.inject({ method: 'GET', url: '/api/v1/admin/overview?days=7', auth: { strategy: 'session', credentials: { user, ...user } } });
    };
    // A claim of admin is not taken: the account is not one.
    expect((await injected(true)).statusCode).toBe(403);
    await call(t.server, 'POST', '/api/v1/auth/signout', { body: {}, token: signedIn.body.access_token });
    expect((await injected(true)).statusCode).toBe(401);
  });
});

describe('a session ended by another api process', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is trusted here at most sessionCheckSeconds longer, then refused', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const signedIn = await signIn(t.server, account);
    const token = signedIn.body.access_token as string;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    expect((await me(token)).status).toBe(200);
    // Another process signed out: the database says so, this process has not heard.
    await t.knex('refresh_tokens').where({ user_id: account.id }).update({ revoked_at: new Date() });
    expect((await me(token)).status).toBe(200);
    vi.setSystemTime(Date.now() + sessionCheckSeconds * 1000 + 1);
    expect((await me(token)).status).toBe(401);
  });
});
