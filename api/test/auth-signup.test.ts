import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { freshAddress, freshEmail, strongPassword } from './factories.ts';
import { lastLinkTo, mailsTo, tokenOf } from './outbox.ts';

const t = useTestServer();

const signUp = (body: unknown) => call(t.server, 'POST', '/api/v1/auth/signup', { body, address: freshAddress() });

describe('sign-up', () => {
  it('creates an account with an argon2id hash and a Spanish profile by default, and answers 201 {id, email}', async () => {
    const email = freshEmail();
    const res = await signUp({ email: `  ${email.toUpperCase()} `, password: strongPassword });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(String), email });
    const user = await t.knex('users').where({ email }).first();
    expect(user.id).toBe(res.body.id);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.email_confirmed_at).toBeNull();
    const profile = await t.knex('profiles').where({ id: user.id }).first();
    expect(profile).toMatchObject({ language: 'es', is_contractor: false, is_onboarded: false, is_admin: false });
  });

  it('emails a verification link to /verify-email in the chosen language', async () => {
    const es = freshEmail();
    const en = freshEmail();
    await signUp({ email: es, password: strongPassword, locale: 'es' });
    await signUp({ email: en, password: strongPassword, locale: 'en' });
    const [esMail] = await mailsTo(t.knex, es);
    const [enMail] = await mailsTo(t.knex, en);
    expect(esMail!.subject).toBe('Confirma tu correo en Resuelve');
    expect(esMail!.body).toContain('El enlace vence en 48 horas');
    expect(enMail!.subject).toBe('Confirm your email on Resuelve');
    expect(enMail!.body).toContain('The link expires in 48 hours');
    const link = await lastLinkTo(t.knex, en, '/verify-email');
    expect(link).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=[\w-]{43}$/);
  });

  it('refuses weak passwords and bad emails with field codes from the contract', async () => {
    const res = await signUp({ email: 'ana@example', password: 'secreto#2026', locale: 'fr' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(res.body.details).toEqual({ email: 'invalid_email', password: 'password_uppercase', locale: 'not_allowed' });
    const missing = await signUp({});
    expect(missing.body.details).toEqual({ email: 'required', password: 'required' });
  });

  it('refuses unknown fields, so nobody can sign up as an admin', async () => {
    const res = await signUp({ email: freshEmail(), password: strongPassword, is_admin: true });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ is_admin: 'unknown_field' });
  });

  it('answers an address already taken exactly like a new one, without creating or revealing anything', async () => {
    const email = freshEmail();
    const first = await signUp({ email, password: strongPassword });
    const again = await signUp({ email, password: 'Otra#Clave99', locale: 'en' });
    expect(again.status).toBe(201);
    expect(Object.keys(again.body).sort()).toEqual(['email', 'id']);
    expect(again.body.email).toBe(email);
    expect(again.body.id).not.toBe(first.body.id);
    expect(await t.knex('users').where({ email }).count('* as n').first()).toEqual({ n: 1 });
    // The fake id leads nowhere.
    const user = await t.knex('users').where({ id: again.body.id }).first();
    expect(user).toBeUndefined();
  });

  it('answers two simultaneous sign-ups of one address alike and creates one account', async () => {
    const email = freshEmail();
    const answers = await Promise.all([signUp({ email, password: strongPassword }), signUp({ email, password: strongPassword })]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(await t.knex('users').where({ email }).count('* as n').first()).toEqual({ n: 1 });
  });

  it('sends a new verification link to an unverified owner who signs up again, in their own language', async () => {
    const email = freshEmail();
    await signUp({ email, password: strongPassword, locale: 'en' });
    await signUp({ email, password: strongPassword, locale: 'es' });
    const mails = await mailsTo(t.knex, email);
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your email on Resuelve', 'Confirm your email on Resuelve']);
  });

  it('tells a verified owner that someone tried to sign up with their address', async () => {
    const email = freshEmail();
    await signUp({ email, password: strongPassword, locale: 'es' });
    const token = tokenOf(await lastLinkTo(t.knex, email, '/verify-email'));
    await call(t.server, 'POST', '/api/v1/auth/verify-email', { body: { token } });
    await signUp({ email, password: strongPassword });
    const [latest] = await mailsTo(t.knex, email);
    expect(latest!.subject).toBe('Alguien intentó registrarse con tu correo en Resuelve');
    expect(latest!.links).toEqual(['http://localhost:3000/auth', 'http://localhost:3000/auth/reset-password']);
  });

  it('limits sign-ups from one address with 429 rate_limited and Retry-After', async () => {
    const address = freshAddress();
    let last;
    for (let i = 0; i < 21; i++) {
      last = await call(t.server, 'POST', '/api/v1/auth/signup', { body: { email: 'x', password: 'y' }, address });
    }
    expect(last!.status).toBe(429);
    expect(last!.body).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });
});
