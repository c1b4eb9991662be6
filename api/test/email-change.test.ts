import { beforeAll, describe, expect, it } from 'vitest';
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

async function signedIn(locale: 'es' | 'en' = 'es') {
  const account = await signUpVerified(t.server, t.knex, { locale });
  const session = await signIn(t.server, account);
  return { ...account, token: session.body.access_token as string };
}

const requestChange = (token: string, body: Record<string, unknown>) =>
  call(t.server, 'POST', '/api/v1/auth/email-change', { token, body, address: freshAddress() });

const openLink = (token: string) => call(t.server, 'POST', '/api/v1/auth/verify-email', { body: { token }, address: freshAddress() });

const emailOf = async (id: string) => (await t.knex('users').where({ id }).first()).email as string;

describe('email change', () => {
  it('sends a link to the new address, notifies the old one, and changes only when the link is opened', async () => {
    const me = await signedIn();
    const newEmail = freshEmail('nuevo');
    const res = await requestChange(me.token, { new_email: newEmail, password: me.password });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({});

    const [linkMail] = await mailsTo(t.knex, newEmail);
    expect(linkMail!.subject).toBe('Confirma tu nuevo correo en Resuelve');
    const link = await lastLinkTo(t.knex, newEmail, '/verify-email');
    expect(link.startsWith('http://localhost:3000/verify-email?token=')).toBe(true);
    const [notice] = await mailsTo(t.knex, me.email);
    expect(notice!.subject).toBe('Pidieron cambiar el correo de tu cuenta de Resuelve');
    expect(notice!.body).toContain(newEmail);
    expect(notice!.links).toEqual(['http://localhost:3000/auth/reset-password']);

    // Nothing changed yet: the old address still signs in, the new one does not.
    expect(await emailOf(me.id)).toBe(me.email);
    expect((await signIn(t.server, { email: newEmail, password: me.password })).status).toBe(401);

    const opened = await openLink(tokenOf(link));
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ verified: true });
    expect(await emailOf(me.id)).toBe(newEmail);

    const old = await signIn(t.server, { email: me.email, password: me.password });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe('invalid_credentials');
    const fresh = await signIn(t.server, { email: newEmail, password: me.password });
    expect(fresh.status).toBe(200);
    expect(fresh.body.user).toMatchObject({ id: me.id, email: newEmail, is_email_verified: true });
    const profile = await call(t.server, 'GET', '/api/v1/profiles/me', { token: fresh.body.access_token });
    expect(profile.body.email).toBe(newEmail);
  });

  it('writes in the account language', async () => {
    const me = await signedIn('en');
    const newEmail = freshEmail('new');
    await requestChange(me.token, { new_email: newEmail, password: me.password });
    expect((await mailsTo(t.knex, newEmail))[0]!.subject).toBe('Confirm your new email on Resuelve');
    expect((await mailsTo(t.knex, me.email))[0]!.subject).toBe('A change of your Resuelve account email was requested');
  });

  it('works once: the same link then answers verification_link_invalid', async () => {
    const me = await signedIn();
    const newEmail = freshEmail('una-vez');
    await requestChange(me.token, { new_email: newEmail, password: me.password });
    const token = tokenOf(await lastLinkTo(t.knex, newEmail, '/verify-email'));
    expect((await openLink(token)).status).toBe(200);
    const again = await openLink(token);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('verification_link_invalid');
  });

  it('refuses a wrong password with 401 invalid_credentials and mails nothing', async () => {
    const me = await signedIn();
    const newEmail = freshEmail('nunca');
    const before = (await mailsTo(t.knex, me.email)).length;
    const res = await requestChange(me.token, { new_email: newEmail, password: 'Incorrecta#2026' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('invalid_credentials');
    expect(await mailsTo(t.knex, newEmail)).toHaveLength(0);
    expect(await mailsTo(t.knex, me.email)).toHaveLength(before);
    // The session is still good: a wrong password here is not a sign-out.
    expect((await call(t.server, 'GET', '/api/v1/profiles/me', { token: me.token })).status).toBe(200);
  });

  it('answers a taken address exactly like a free one, and sends its owner a notice instead of a link', async () => {
    const me = await signedIn();
    const other = await signUpVerified(t.server, t.knex, { locale: 'en' });
    const res = await requestChange(me.token, { new_email: other.email, password: me.password });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({});

    const [notice] = await mailsTo(t.knex, other.email);
    expect(notice!.subject).toBe('Someone tried to use your email on another Resuelve account');
    expect(notice!.links).toEqual(['http://localhost:3000/auth']);
    expect(await t.knex('email_tokens').where({ user_id: me.id, purpose: 'change_email' })).toHaveLength(0);
    // The requester's own notice is the same one a free address gets.
    const [own] = await mailsTo(t.knex, me.email);
    expect(own!.subject).toBe('Pidieron cambiar el correo de tu cuenta de Resuelve');
    expect(await emailOf(me.id)).toBe(me.email);
    expect(await emailOf(other.id)).toBe(other.email);
  });

  it('lets only the latest request count', async () => {
    const me = await signedIn();
    const first = freshEmail('primero');
    const second = freshEmail('segundo');
    await requestChange(me.token, { new_email: first, password: me.password });
    const firstToken = tokenOf(await lastLinkTo(t.knex, first, '/verify-email'));
    await requestChange(me.token, { new_email: second, password: me.password });
    expect((await openLink(firstToken)).body.code).toBe('verification_link_invalid');
    expect((await openLink(tokenOf(await lastLinkTo(t.knex, second, '/verify-email')))).status).toBe(200);
    expect(await emailOf(me.id)).toBe(second);
  });

  it('refuses the link when somebody took the address meanwhile', async () => {
    const me = await signedIn();
    const newEmail = freshEmail('ocupado');
    await requestChange(me.token, { new_email: newEmail, password: me.password });
    const token = tokenOf(await lastLinkTo(t.knex, newEmail, '/verify-email'));
    expect((await call(t.server, 'POST', '/api/v1/auth/signup', { body: { email: newEmail, password: strongPassword }, address: freshAddress() })).status).toBe(201);
    const res = await openLink(token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('verification_link_invalid');
    expect(await emailOf(me.id)).toBe(me.email);
  });

  it('is cancelled by a password reset made after the request', async () => {
    const me = await signedIn();
    const newEmail = freshEmail('robado');
    await requestChange(me.token, { new_email: newEmail, password: me.password });
    const token = tokenOf(await lastLinkTo(t.knex, newEmail, '/verify-email'));
    clock.advance(1000);
    await call(t.server, 'POST', '/api/v1/auth/password-reset', { body: { email: me.email }, address: freshAddress() });
    const resetToken = tokenOf(await lastLinkTo(t.knex, me.email, '/auth/reset-password'));
    const reset = await call(t.server, 'POST', '/api/v1/auth/password-reset/confirm', {
      body: { token: resetToken, password: 'OtraClave#2026' },
      address: freshAddress(),
    });
    expect(reset.status).toBe(204);
    expect((await openLink(token)).body.code).toBe('verification_link_invalid');
    expect(await emailOf(me.id)).toBe(me.email);
  });

  it('expires the link after 48 hours', async () => {
    const me = await signedIn();
    const newEmail = freshEmail('tarde');
    await requestChange(me.token, { new_email: newEmail, password: me.password });
    const token = tokenOf(await lastLinkTo(t.knex, newEmail, '/verify-email'));
    clock.advance(48 * 3600_000);
    expect((await openLink(token)).body.code).toBe('verification_link_invalid');
    expect(await emailOf(me.id)).toBe(me.email);
  });

  it('does nothing for the current address, and checks its input', async () => {
    const me = await signedIn();
    const same = await requestChange(me.token, { new_email: me.email.toUpperCase(), password: me.password });
    expect(same.status).toBe(202);
    expect(await t.knex('email_tokens').where({ user_id: me.id, purpose: 'change_email' })).toHaveLength(0);

    const bad = await requestChange(me.token, { new_email: 'not-an-email', password: me.password });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation_failed', details: { new_email: 'invalid_email' } });
    const missing = await requestChange(me.token, { new_email: freshEmail() });
    expect(missing.body.details).toEqual({ password: 'required' });
    const anonymous = await call(t.server, 'POST', '/api/v1/auth/email-change', { body: { new_email: freshEmail(), password: me.password } });
    expect(anonymous.status).toBe(401);
  });

  it('still verifies sign-up links as before', async () => {
    const account = await signUpVerified(t.server, t.knex);
    expect((await signIn(t.server, account)).status).toBe(200);
  });
});
