import { describe, expect, it } from 'vitest';
import { checkPassword } from '@resuelve/contract';
import { makeAdmin } from '../src/cli/make-admin.ts';
import { demoAccounts, seedDemo } from '../src/db/demo-seed.ts';
import { call, useTestServer } from './server.ts';
import { signIn, signUpVerified } from './api-factories.ts';

const t = useTestServer();

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { env: { DATABASE_URL: t.config.databaseUrl }, out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

describe('make-admin command', () => {
  it('makes an existing account an admin, and says so; the next sign-in carries the flag', async () => {
    const account = await signUpVerified(t.server, t.knex);
    const run = io();
    expect(await makeAdmin([account.email.toUpperCase()], run.io)).toBe(0);
    expect(run.out.join('\n')).toContain(`${account.email} is now an admin`);
    const session = await signIn(t.server, account);
    expect(session.body.user.is_admin).toBe(true);

    const again = io();
    expect(await makeAdmin([account.email], again.io)).toBe(0);
    expect(again.out.join('\n')).toContain('was already an admin');
  });

  it('fails clearly for an address without an account', async () => {
    const run = io();
    expect(await makeAdmin(['nadie@example.pr'], run.io)).toBe(1);
    expect(run.err.join('\n')).toContain('No account has the email nadie@example.pr');
  });

  it('shows its usage without an email, or with something that is not one', async () => {
    const none = io();
    expect(await makeAdmin([], none.io)).toBe(2);
    expect(none.err.join('\n')).toContain('Usage: npm run admin -- <email>');
    const bad = io();
    expect(await makeAdmin(['not-an-email'], bad.io)).toBe(2);
  });
});

describe('demo seed', () => {
  it('creates the three demo accounts once, verified, with strong passwords, and answers whether it did', async () => {
    expect(await seedDemo(t.knex, t.server.app.context)).toBe(true);
    expect(await seedDemo(t.knex, t.server.app.context)).toBe(false);
    expect(demoAccounts.map((a) => a.role)).toEqual(['client', 'provider', 'admin']);
    for (const account of demoAccounts) {
      expect(checkPassword(account.password)).toBeNull();
      const session = await signIn(t.server, account);
      expect(session.status).toBe(200);
      expect(session.body.user).toMatchObject({
        email: account.email,
        is_email_verified: true,
        is_onboarded: account.role !== 'admin',
        is_admin: account.role === 'admin',
        is_contractor: account.role === 'provider',
      });
    }
    const count = await t.knex('users').whereIn('email', demoAccounts.map((a) => a.email)).count('* as n').first();
    expect(count).toEqual({ n: 3 });
  });

  it('onboards the demo provider and client with complete profiles, as the api serves them', async () => {
    await seedDemo(t.knex, t.server.app.context);
    const provider = await signIn(t.server, demoAccounts.find((a) => a.role === 'provider')!);
    const mine = await call(t.server, 'GET', '/api/v1/providers/me?locale=es', { token: provider.body.access_token });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ company_name: 'Plomería y Electricidad Demo', city: 'Mayagüez', zip_code: '00680', insured: true });
    expect(mine.body.categories.map((c: { slug: string }) => c.slug)).toContain('plumbing');
    const client = await signIn(t.server, demoAccounts.find((a) => a.role === 'client')!);
    const profile = await call(t.server, 'GET', '/api/v1/profiles/me/client', { token: client.body.access_token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ city: 'San Juan', zip_code: '00911', preferred_contact: 'sms' });
    expect(profile.body.interested_services).toContain('plumbing');
  });

  it('lets nobody sign up over a demo address', async () => {
    await seedDemo(t.knex, t.server.app.context);
    const res = await call(t.server, 'POST', '/api/v1/auth/signup', { body: { email: demoAccounts[0]!.email, password: 'Otra#Clave2027' } });
    expect(res.status).toBe(201);
    expect((await signIn(t.server, demoAccounts[0]!)).status).toBe(200);
  });
});
