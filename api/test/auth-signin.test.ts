import { beforeAll, describe, expect, it } from 'vitest';
import { limits } from '@resuelve/contract';
import { ManualClock } from '../src/lib/clock.ts';
import { call, useTestServer } from './server.ts';
import { freshAddress, freshEmail, strongPassword } from './factories.ts';
import { signIn, signUpVerified } from './api-factories.ts';

const t = useTestServer();
let clock: ManualClock;
beforeAll(() => {
  clock = new ManualClock();
  t.server.app.context.clock = clock;
});

const wrong = 'Incorrecta#1';

/** Address and unknown-email counts use fixed windows; a test must not straddle two of them. */
async function startWellInsideWindow(windowSeconds: number, marginMs: number): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe('sign-in', () => {
  it('answers the access token, its lifetime and the profile, and sets the web refresh cookie', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const res = await signIn(t.server, account);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      expires_in: limits.accessTokenSeconds,
      user: expect.objectContaining({ id: account.id, email: account.email, is_email_verified: true, language: 'es' }),
    });
    expect(res.body.refresh_token).toBeUndefined();
    expect(res.cookie).toMatch(/^[\w-]{43}$/);
    expect(res.headers['cache-control']).toContain('no-store');
    const me = await call(t.server, 'GET', '/api/v1/profiles/me', { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(account.id);
  });

  it('gives the desktop its refresh token in the body and no cookie', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const res = await signIn(t.server, account, { client: 'desktop' });
    expect(res.status).toBe(200);
    expect(res.body.refresh_token).toMatch(/^[\w-]{43}$/);
    expect(res.cookie).toBeUndefined();
  });

  it('answers invalid_credentials alike for a wrong password and an unknown email', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const wrongPassword = await signIn(t.server, { email: account.email, password: wrong });
    const unknown = await signIn(t.server, { email: freshEmail('nadie'), password: wrong });
    for (const res of [wrongPassword, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid email or password', status: 401, code: 'invalid_credentials' });
      expect(res.cookie).toBeUndefined();
    }
  });

  it('says email_not_confirmed only once the password is right', async () => {
    const email = freshEmail();
    await call(t.server, 'POST', '/api/v1/auth/signup', { body: { email, password: strongPassword }, address: freshAddress() });
    const wrongPassword = await signIn(t.server, { email, password: wrong });
    expect(wrongPassword.body.code).toBe('invalid_credentials');
    const rightPassword = await signIn(t.server, { email, password: strongPassword });
    expect(rightPassword.status).toBe(403);
    expect(rightPassword.body).toMatchObject({ status: 403, code: 'email_not_confirmed' });
    expect(rightPassword.cookie).toBeUndefined();
  });

  it('counts the email as verified when the profile says so', async () => {
    const email = freshEmail();
    const created = await call(t.server, 'POST', '/api/v1/auth/signup', { body: { email, password: strongPassword }, address: freshAddress() });
    await t.knex('profiles').where({ id: created.body.id }).update({ is_email_verified: true });
    const res = await signIn(t.server, { email, password: strongPassword });
    expect(res.status).toBe(200);
    expect(res.body.user.is_email_verified).toBe(true);
  });

  it('locks the account for 30 s after 5 failures in a row, even for the right password, then lets it in', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const statuses: string[] = [];
    for (let i = 0; i < limits.loginFailuresBeforeLock; i++) {
      statuses.push((await signIn(t.server, { email: account.email, password: wrong })).body.code);
    }
    expect(statuses).toEqual(['invalid_credentials', 'invalid_credentials', 'invalid_credentials', 'invalid_credentials', 'too_many_attempts']);

    const locked = await signIn(t.server, account);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ status: 429, code: 'too_many_attempts' });
    expect(locked.headers['retry-after']).toBe('30');
    expect(locked.cookie).toBeUndefined();

    clock.advance(20_000);
    const stillLocked = await signIn(t.server, account);
    expect(stillLocked.body.code).toBe('too_many_attempts');
    expect(stillLocked.headers['retry-after']).toBe('10');

    clock.advance(10_001);
    const unlocked = await signIn(t.server, account);
    expect(unlocked.status).toBe(200);
  });

  it('resets the count after a success, so failures must again be 5 in a row', async () => {
    const account = await signUpVerified(t.server, t.knex);
    for (let i = 0; i < 4; i++) await signIn(t.server, { email: account.email, password: wrong });
    expect((await signIn(t.server, account)).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await signIn(t.server, { email: account.email, password: wrong })).body.code).toBe('invalid_credentials');
    }
    expect((await signIn(t.server, account)).status).toBe(200);
  });

  it('locks an address without an account the same way, so the lock reveals nothing', async () => {
    await startWellInsideWindow(limits.loginLockSeconds, 5_000);
    const email = freshEmail('nadie');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await signIn(t.server, { email, password: wrong }));
    expect(answers.map((a) => a.body.code)).toEqual([
      'invalid_credentials',
      'invalid_credentials',
      'invalid_credentials',
      'invalid_credentials',
      'too_many_attempts',
      'too_many_attempts',
    ]);
    expect(Number(answers[5]!.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('blocks one address that fails across many accounts with login_blocked, even for a right password', async () => {
    await startWellInsideWindow(limits.loginAddressWindowSeconds, 20_000);

    const address = freshAddress();
    const account = await signUpVerified(t.server, t.knex);
    for (let i = 0; i < limits.loginAttemptsPerAddress; i++) {
      const res = await signIn(t.server, { email: freshEmail('probe'), password: wrong }, { address });
      expect(res.status).not.toBe(500);
    }
    const blocked = await signIn(t.server, account, { address });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ status: 429, code: 'login_blocked' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signIn(t.server, account)).status).toBe(200);
  }, 60_000);

  it('refuses unknown fields and a client other than web or desktop', async () => {
    const res = await call(t.server, 'POST', '/api/v1/auth/signin', {
      body: { email: 'ana@example.pr', password: 'x', client: 'mobile', remember: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ client: 'not_allowed', remember: 'unknown_field' });
  });
});
