import { beforeAll, describe, expect, it } from 'vitest';
import { limits } from '@resuelve/contract';
import { ManualClock } from '../src/lib/clock.ts';
import { call, useTestServer } from './server.ts';
import { freshAddress, freshEmail, strongPassword } from './factories.ts';
import { signIn, signUpVerified } from './api-factories.ts';
import { lastLinkTo, mailsTo, tokenOf } from './outbox.ts';

const t = useTestServer();
let clock: ManualClock;
beforeAll(() => {
  clock = new ManualClock();
  t.server.app.context.clock = clock;
});

const post = (path: string, body: unknown) => call(t.server, 'POST', `/api/v1/auth/${path}`, { body, address: freshAddress() });

function cookieFrom(header: string | string[] | undefined, name: string): string | undefined {
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  return lines.map((line) => line.split(';')[0]!).find((pair) => pair.startsWith(`${name}=`))?.slice(name.length + 1) || undefined;
}

async function signUpUnverified(locale: 'es' | 'en' = 'es') {
  const email = freshEmail();
  const res = await post('signup', { email, password: strongPassword, locale });
  return { id: res.body.id as string, email, password: strongPassword };
}

describe('email verification', () => {
  it('confirms the address once; the same link then answers verification_link_invalid', async () => {
    const account = await signUpUnverified();
    const token = tokenOf(await lastLinkTo(t.knex, account.email, '/verify-email'));
    const first = await post('verify-email', { token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ verified: true });
    expect((await signIn(t.server, account)).status).toBe(200);
    const again = await post('verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ status: 400, code: 'verification_link_invalid' });
  });

  it('signs in the browser that signed up (its sign-up cookie and the link together), once', async () => {
    const email = freshEmail();
    const signedUp = await post('signup', { email, password: strongPassword, locale: 'es' });
    const browser = cookieFrom(signedUp.headers['set-cookie'], 'rs_signup');
    expect(browser).toBeTruthy();
    const token = tokenOf(await lastLinkTo(t.knex, email, '/verify-email'));
    const opened = await call(t.server, 'POST', '/api/v1/auth/verify-email', { body: { token }, headers: { cookie: `rs_signup=${browser}` }, address: freshAddress() });
    expect(opened.status, opened.raw).toBe(200);
    expect(opened.body).toMatchObject({ verified: true, session: { access_token: expect.any(String), user: { email, is_email_verified: true, is_onboarded: false } } });
    expect(opened.body.session.refresh_token).toBeUndefined(); // the web keeps it in its cookie
    const refresh = cookieFrom(opened.headers['set-cookie'], 'rs_refresh');
    expect(refresh).toBeTruthy();
    expect(String(opened.headers['set-cookie'])).toMatch(/rs_signup=;/); // spent with the link
    expect((await call(t.server, 'GET', '/api/v1/profiles/me', { token: opened.body.session.access_token })).status).toBe(200);
    expect((await call(t.server, 'POST', '/api/v1/auth/refresh', { cookie: refresh, body: {} })).status).toBe(200);
  });

  it('only verifies elsewhere: without the sign-up cookie, or with one made for another address', async () => {
    const other = await post('signup', { email: freshEmail(), password: strongPassword, locale: 'es' });
    const strangersCookie = cookieFrom(other.headers['set-cookie'], 'rs_signup');
    const account = await signUpUnverified();
    const token = tokenOf(await lastLinkTo(t.knex, account.email, '/verify-email'));
    const opened = await call(t.server, 'POST', '/api/v1/auth/verify-email', { body: { token }, headers: { cookie: `rs_signup=${strangersCookie}` }, address: freshAddress() });
    expect(opened.body).toEqual({ verified: true });
    expect(String(opened.headers['set-cookie'] ?? '')).not.toMatch(/rs_refresh=[^;]/);
  });

  it('refuses an unknown or truncated link', async () => {
    const account = await signUpUnverified();
    const token = tokenOf(await lastLinkTo(t.knex, account.email, '/verify-email'));
    for (const bad of ['unknown', token.slice(0, 20)]) {
      expect((await post('verify-email', { token: bad })).body.code).toBe('verification_link_invalid');
    }
  });

  it('refuses a link after 48 hours', async () => {
    const account = await signUpUnverified();
    const token = tokenOf(await lastLinkTo(t.knex, account.email, '/verify-email'));
    clock.advance(limits.verificationLinkHours * 3600_000 + 1000);
    const res = await post('verify-email', { token });
    expect(res.body.code).toBe('verification_link_invalid');
    expect((await signIn(t.server, account)).body.code).toBe('email_not_confirmed');
  });

  it('refuses a link sent to an address the account no longer has', async () => {
    const account = await signUpUnverified();
    const token = tokenOf(await lastLinkTo(t.knex, account.email, '/verify-email'));
    await t.knex('users').where({ id: account.id }).update({ email: freshEmail('nueva') });
    expect((await post('verify-email', { token })).body.code).toBe('verification_link_invalid');
  });
});

describe('resend verification', () => {
  it('always answers 202 {} and mails a new link only to an unverified account, in its language', async () => {
    const unverified = await signUpUnverified('en');
    const verified = await signUpVerified(t.server, t.knex);
    const before = (await mailsTo(t.knex, verified.email)).length;
    for (const email of [unverified.email, verified.email, freshEmail('nadie')]) {
      const res = await post('resend-verification', { email });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({});
    }
    const mails = await mailsTo(t.knex, unverified.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe('Confirm your email on Resuelve');
    expect(mails[0]!.links[0]).not.toBe(mails[1]!.links[0]);
    expect(await mailsTo(t.knex, verified.email)).toHaveLength(before);
  });

  it('stops mailing one address after a few per hour, still answering 202', async () => {
    const account = await signUpUnverified();
    for (let i = 0; i < 8; i++) expect((await post('resend-verification', { email: account.email })).status).toBe(202);
    expect((await mailsTo(t.knex, account.email)).length).toBe(5);
  });

  it('limits one address with 429 rate_limited', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await call(t.server, 'POST', '/api/v1/auth/resend-verification', { body: { email: freshEmail() }, address })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('password reset', () => {
  it('always answers 202 {} and mails a 60-minute link to /auth/reset-password in the account language', async () => {
    const es = await signUpVerified(t.server, t.knex, { locale: 'es' });
    const en = await signUpVerified(t.server, t.knex, { locale: 'en' });
    for (const email of [es.email, en.email, freshEmail('nadie')]) {
      const res = await post('password-reset', { email });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({});
    }
    const [esMail] = await mailsTo(t.knex, es.email);
    const [enMail] = await mailsTo(t.knex, en.email);
    expect(esMail!.subject).toBe('Restablece tu contraseña de Resuelve');
    expect(esMail!.body).toContain('vence en 60 minutos');
    expect(enMail!.subject).toBe('Reset your Resuelve password');
    expect(enMail!.links[0]).toMatch(/^http:\/\/localhost:3000\/auth\/reset-password\?token=[\w-]{43}$/);
  });

  it('answers before it looks the address up, so an account and a stranger’s address do the same work first', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const stranger = freshEmail('nadie');
    /** The statements about accounts, links and mail run before the answer, and whether the mail exists then. */
    const beforeAnswer = async (email: string) => {
      const seen: string[] = [];
      const listen = (query: { sql: string }) => {
        if (/\b(users|profiles|email_tokens|outbox)\b/.test(query.sql)) seen.push(query.sql);
      };
      t.knex.on('query', listen);
      const answer = await t.server.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email }, remoteAddress: freshAddress() });
      t.knex.off('query', listen);
      const mailed = (await mailsTo(t.knex, email)).filter((mail) => mail.links.some((link) => new URL(link).pathname === '/auth/reset-password')).length;
      await t.server.app.context.afterAnswer.settled();
      return { status: answer.statusCode, body: answer.payload, statements: seen.length, mailed };
    };
    const known = await beforeAnswer(account.email);
    const unknown = await beforeAnswer(stranger);
    expect(known).toEqual({ status: 202, body: '{}', statements: 0, mailed: 0 });
    expect(unknown).toEqual(known);
    // The work is done after the answer: the account's owner gets the link, the stranger's address nothing.
    expect((await mailsTo(t.knex, account.email)).some((mail) => mail.links.some((link) => new URL(link).pathname === '/auth/reset-password'))).toBe(true);
    expect(await mailsTo(t.knex, stranger)).toEqual([]);
  });

  it('sets the new password once, ends every session, and mails a notice', async () => {
    const account = await signUpVerified(t.server, t.knex, { locale: 'en' });
    const web = await signIn(t.server, account);
    const desktop = await signIn(t.server, account, { client: 'desktop' });
    await post('password-reset', { email: account.email });
    const token = tokenOf(await lastLinkTo(t.knex, account.email, '/auth/reset-password'));

    const newPassword = 'Nueva#Clave2027';
    const res = await post('password-reset/confirm', { token, password: newPassword });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();

    expect((await signIn(t.server, account)).body.code).toBe('invalid_credentials');
    expect((await signIn(t.server, { email: account.email, password: newPassword })).status).toBe(200);
    expect((await call(t.server, 'POST', '/api/v1/auth/refresh', { body: {}, cookie: web.cookie! })).status).toBe(401);
    expect((await post('refresh', { refresh_token: desktop.body.refresh_token })).status).toBe(401);

    const again = await post('password-reset/confirm', { token, password: 'Otra#Clave2028' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ status: 400, code: 'reset_link_invalid' });
    const [notice] = await mailsTo(t.knex, account.email);
    expect(notice!.subject).toBe('Your Resuelve password changed');
  });

  it('refuses an unknown or expired link with reset_link_invalid', async () => {
    const account = await signUpVerified(t.server, t.knex);
    await post('password-reset', { email: account.email });
    const token = tokenOf(await lastLinkTo(t.knex, account.email, '/auth/reset-password'));
    expect((await post('password-reset/confirm', { token: 'unknown', password: 'Nueva#Clave2027' })).body.code).toBe('reset_link_invalid');
    clock.advance(limits.resetLinkMinutes * 60_000 + 1000);
    expect((await post('password-reset/confirm', { token, password: 'Nueva#Clave2027' })).body.code).toBe('reset_link_invalid');
    expect((await signIn(t.server, account)).status).toBe(200);
  });

  it('refuses a weak new password with its rule code and keeps the link usable', async () => {
    const account = await signUpVerified(t.server, t.knex);
    await post('password-reset', { email: account.email });
    const token = tokenOf(await lastLinkTo(t.knex, account.email, '/auth/reset-password'));
    const weak = await post('password-reset/confirm', { token, password: 'nueva#clave2027' });
    expect(weak.status).toBe(400);
    expect(weak.body.details).toEqual({ password: 'password_uppercase' });
    expect((await post('password-reset/confirm', { token, password: 'Nueva#Clave2027' })).status).toBe(204);
  });

  it('lifts the sign-in lock and confirms an unverified address (the link reached it)', async () => {
    const account = await signUpUnverified();
    for (let i = 0; i < 5; i++) await signIn(t.server, { email: account.email, password: 'Mala#Clave1' });
    await post('password-reset', { email: account.email });
    const token = tokenOf(await lastLinkTo(t.knex, account.email, '/auth/reset-password'));
    expect((await post('password-reset/confirm', { token, password: 'Nueva#Clave2027' })).status).toBe(204);
    const res = await signIn(t.server, { email: account.email, password: 'Nueva#Clave2027' });
    expect(res.status).toBe(200);
    expect(res.body.user.is_email_verified).toBe(true);
  });
});
