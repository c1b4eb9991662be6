import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { freshAddress, freshEmail, strongPassword } from './factories.ts';
import { signIn, signUpVerified } from './api-factories.ts';

const t = useTestServer();

async function signedIn(locale: 'es' | 'en' = 'es') {
  const account = await signUpVerified(t.server, t.knex, { locale });
  const session = await signIn(t.server, account);
  return { ...account, token: session.body.access_token as string };
}

describe('own profile', () => {
  it('answers every Profile field of the signed-in person', async () => {
    const me = await signedIn('en');
    const res = await call(t.server, 'GET', '/api/v1/profiles/me', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: me.id,
      email: me.email,
      is_contractor: false,
      is_onboarded: false,
      is_email_verified: true,
      is_admin: false,
      language: 'en',
      first_name: null,
      last_name: null,
      display_name: null,
      avatar_url: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('changes the language and names, and derives the public display name', async () => {
    const me = await signedIn();
    const res = await call(t.server, 'PATCH', '/api/v1/profiles/me', {
      token: me.token,
      body: { language: 'en', first_name: '  María ', last_name: "O'Neill-Rivera" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ language: 'en', first_name: 'María', last_name: "O'Neill-Rivera", display_name: 'María O.' });
    const cleared = await call(t.server, 'PATCH', '/api/v1/profiles/me', { token: me.token, body: { last_name: null } });
    expect(cleared.body).toMatchObject({ first_name: 'María', last_name: null, display_name: 'María' });
    expect((await call(t.server, 'GET', '/api/v1/profiles/me', { token: me.token })).body.language).toBe('en');
  });

  it('sends later emails in the saved language', async () => {
    const me = await signedIn('es');
    await call(t.server, 'PATCH', '/api/v1/profiles/me', { token: me.token, body: { language: 'en' } });
    await call(t.server, 'POST', '/api/v1/auth/password-reset', { body: { email: me.email }, address: freshAddress() });
    const mail = await t.knex('outbox').where({ to_address: me.email }).orderBy('created_at', 'desc').first();
    expect(mail.subject).toBe('Reset your Resuelve password');
  });

  it('refuses names against the contract rule, other languages, empty changes and protected fields', async () => {
    const me = await signedIn();
    const bad = await call(t.server, 'PATCH', '/api/v1/profiles/me', {
      token: me.token,
      body: { first_name: 'R2D2', last_name: '', language: 'fr' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ first_name: 'invalid_name', last_name: 'required', language: 'not_allowed' });
    expect((await call(t.server, 'PATCH', '/api/v1/profiles/me', { token: me.token, body: {} })).status).toBe(400);
    for (const field of ['is_admin', 'is_contractor', 'is_onboarded', 'is_email_verified', 'email', 'id']) {
      const res = await call(t.server, 'PATCH', '/api/v1/profiles/me', { token: me.token, body: { [field]: true } });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual({ [field]: 'unknown_field' });
    }
    const profile = await t.knex('profiles').where({ id: me.id }).first();
    expect(profile).toMatchObject({ is_admin: false, is_contractor: false, is_onboarded: false });
  });

  it('needs a session', async () => {
    expect((await call(t.server, 'GET', '/api/v1/profiles/me')).status).toBe(401);
    expect((await call(t.server, 'PATCH', '/api/v1/profiles/me', { body: { language: 'en' } })).body.code).toBe('unauthorized');
  });
});

describe("another person's profile", () => {
  it('shows only the public fields, never the email or flags', async () => {
    const me = await signedIn();
    const other = await signedIn();
    await call(t.server, 'PATCH', '/api/v1/profiles/me', { token: other.token, body: { first_name: 'Ana', last_name: 'Rivera' } });
    const res = await call(t.server, 'GET', `/api/v1/profiles/${other.id}`, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: other.id,
      is_contractor: false,
      display_name: 'Ana R.',
      avatar_url: null,
      created_at: expect.any(String),
    });
    expect(JSON.stringify(res.body)).not.toContain(other.email);
  });

  it('answers 404 for an unknown id or an account whose email is not verified, and 400 for a malformed id', async () => {
    const me = await signedIn();
    const email = freshEmail();
    const pending = await call(t.server, 'POST', '/api/v1/auth/signup', { body: { email, password: strongPassword }, address: freshAddress() });
    for (const id of [randomUUID(), pending.body.id]) {
      const res = await call(t.server, 'GET', `/api/v1/profiles/${id}`, { token: me.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ status: 404, code: 'not_found' });
    }
    const malformed = await call(t.server, 'GET', '/api/v1/profiles/not-a-uuid', { token: me.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body.details).toEqual({ id: 'invalid_format' });
  });

  it('cannot be changed by anyone else: there is no route to write another profile', async () => {
    const me = await signedIn();
    const other = await signedIn();
    for (const method of ['PATCH', 'PUT', 'DELETE']) {
      const res = await call(t.server, method, `/api/v1/profiles/${other.id}`, { token: me.token, body: { language: 'en' } });
      expect(res.status).toBe(404);
    }
    // A change through /me touches only the caller's own row.
    await call(t.server, 'PATCH', '/api/v1/profiles/me', { token: me.token, body: { language: 'en', first_name: 'Intruso' } });
    const otherRow = await t.knex('profiles').where({ id: other.id }).first();
    expect(otherRow).toMatchObject({ language: 'es', first_name: null });
  });
});
