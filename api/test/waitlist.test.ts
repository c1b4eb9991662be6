/**
 * The waitlist (SPEC.md §3, §6, §7; issue 13): a signup answers 201 whether the address is new or
 * already listed, never duplicates it, and mails a confirmation link in the signer's language;
 * the link confirms; administrators list, filter, export, change and delete, and nobody else may.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { newAdmin, newClient, newProvider, setClock, tokenFor } from './factories.ts';
import { lastLinkTo, mailsTo, tokenOf } from './outbox.ts';

const t = useTestServer();

let admin: string;
let clientToken: string;
let providerToken: string;

beforeAll(async () => {
  admin = (await newAdmin(t)).token;
  clientToken = tokenFor(t, await newClient(t.knex));
  providerToken = tokenFor(t, await newProvider(t.knex), true);
});

let counter = 0;
const address = () => `waiting-${(counter += 1)}-${randomUUID().slice(0, 6)}@example.com`;
// Each from its own address: the route allows 20 signups in 10 minutes from one.
let hostPart = 0;
const signUp = (body: Record<string, unknown>) => call(t.server, 'POST', '/api/v1/waitlist/signup', { body, address: `10.0.0.${(hostPart += 1) % 250}` });
const verify = (token: string) => call(t.server, 'POST', '/api/v1/waitlist/verify', { body: { token } });
const list = (token: string | undefined, query = '') => call(t.server, 'GET', `/api/v1/waitlist/signups${query}`, { token });

describe('POST /waitlist/signup', () => {
  it('answers 201 and mails a confirmation link in the signer\'s language', async () => {
    const email = address();
    const res = await signUp({ email, name: 'Lucía Torres', role: 'client', municipality: 'mayaguez', categories: ['plumbing', 'hvac'], locale: 'en' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ received: true });
    const [mail] = await mailsTo(t.knex, email);
    expect(mail!.subject).toBe('Confirm your place on the Resuelve waitlist');
    const link = await lastLinkTo(t.knex, email, '/waitlist/confirm');
    expect(link.startsWith('http://localhost:3000/waitlist/confirm?token=')).toBe(true);

    const spanish = address();
    await signUp({ email: spanish, role: 'provider', locale: 'es' });
    expect((await mailsTo(t.knex, spanish))[0]!.subject).toBe('Confirma tu lugar en la lista de espera de Resuelve');
  });

  it('a repeat signup answers the same 201, keeps one row, and changes nothing of it', async () => {
    const email = address();
    const first = await signUp({ email, name: 'Primera', role: 'client', locale: 'es' });
    const again = await signUp({ email: email.toUpperCase(), name: 'Otra persona', role: 'provider', municipality: 'ponce', locale: 'en' });
    expect(again.status).toBe(first.status);
    expect(again.body).toEqual(first.body);
    const rows = await t.knex('waitlist_signups').whereRaw('email = ?', [email]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Primera', role: 'client', municipality_slug: null, locale: 'es' });
    // Unconfirmed: the owner gets a new link (in the language they signed up in), and only the newest works.
    const mails = await mailsTo(t.knex, email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toContain('lista de espera');
    const newest = tokenOf(await lastLinkTo(t.knex, email, '/waitlist/confirm'));
    const oldest = tokenOf(mails[1]!.links[0]!);
    expect((await verify(oldest)).body.code).toBe('waitlist_link_invalid');
    expect((await verify(newest)).status).toBe(200);
    // Confirmed: a repeat still answers 201 and mails nothing more.
    expect((await signUp({ email, role: 'client', locale: 'es' })).status).toBe(201);
    expect(await mailsTo(t.knex, email)).toHaveLength(2);
  });

  it('refuses what is not a signup with 400 and the field', async () => {
    const email = address();
    const cases: [Record<string, unknown>, string][] = [
      [{ role: 'client', locale: 'es' }, 'email'],
      [{ email: 'no-es-correo', role: 'client', locale: 'es' }, 'email'],
      [{ email, role: 'admin', locale: 'es' }, 'role'],
      [{ email, role: 'client', locale: 'fr' }, 'locale'],
      [{ email, role: 'client', locale: 'es', municipality: 'atlantis' }, 'municipality'],
      [{ email, role: 'client', locale: 'es', categories: ['plumbing', 'teleportation'] }, 'categories'],
      [{ email, role: 'client', locale: 'es', name: 'x'.repeat(81) }, 'name'],
      [{ email, role: 'client', locale: 'es', extra: true }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await signUp(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(Object.keys(res.body.details ?? {}).join(',')).toContain(field);
    }
    expect(await t.knex('waitlist_signups').whereRaw('email = ?', [email]).first()).toBeUndefined();
  });

  it('allows 20 signups in 10 minutes from one address, then 429', async () => {
    const from = '192.0.2.77';
    for (let i = 0; i < 20; i += 1) {
      expect((await call(t.server, 'POST', '/api/v1/waitlist/signup', { body: { email: address(), role: 'client', locale: 'es' }, address: from })).status).toBe(201);
    }
    const refused = await call(t.server, 'POST', '/api/v1/waitlist/signup', { body: { email: address(), role: 'client', locale: 'es' }, address: from });
    expect(refused.body).toMatchObject({ status: 429, code: 'rate_limited' });
  });
});

describe('POST /waitlist/verify', () => {
  it('confirms with the mailed token, again with the same answer, and refuses an unknown or expired one', async () => {
    const clock = setClock(t, '2026-11-23T12:00:00Z');
    const email = address();
    await signUp({ email, role: 'provider', locale: 'es' });
    const token = tokenOf(await lastLinkTo(t.knex, email, '/waitlist/confirm'));
    expect((await verify(token)).body).toEqual({ verified: true });
    expect((await verify(token)).status).toBe(200);
    expect((await t.knex('waitlist_signups').whereRaw('email = ?', [email]).first()).verified_at).not.toBeNull();

    expect((await verify('a'.repeat(43))).body).toMatchObject({ status: 400, code: 'waitlist_link_invalid' });
    expect((await verify('')).body.code).toBe('validation_failed');

    const late = address();
    await signUp({ email: late, role: 'client', locale: 'en' });
    clock.advance(73 * 3_600_000);
    expect((await verify(tokenOf(await lastLinkTo(t.knex, late, '/waitlist/confirm')))).body.code).toBe('waitlist_link_invalid');
  });
});

describe('the administration', () => {
  it('refuses every admin route to clients and providers (403) and to visitors (401)', async () => {
    const id = randomUUID();
    const routes: [string, string, Record<string, unknown>?][] = [
      ['GET', '/api/v1/waitlist/signups'],
      ['GET', '/api/v1/waitlist/signups?role=nobody'],
      ['GET', '/api/v1/waitlist/stats'],
      ['GET', '/api/v1/waitlist/signups/export'],
      ['PATCH', `/api/v1/waitlist/signups/${id}`, { name: 'x' }],
      ['PATCH', '/api/v1/waitlist/signups/not-an-id', { nonsense: 1 }],
      ['DELETE', `/api/v1/waitlist/signups/${id}`],
    ];
    for (const [method, url, body] of routes) {
      for (const token of [clientToken, providerToken]) {
        const res = await call(t.server, method, url, { token, body });
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body.code).toBe('forbidden');
      }
      expect((await call(t.server, method, url, { body })).status, `${method} ${url}`).toBe(401);
    }
  });

  it('lists newest first with the total, filtered by role, confirmation and text', async () => {
    const tag = randomUUID().slice(0, 8);
    const emails = [`ana-${tag}@example.com`, `beto-${tag}@example.com`, `carla-${tag}@example.com`];
    const clock = setClock(t, '2026-11-24T12:00:00Z');
    await signUp({ email: emails[0], name: 'Ana', role: 'client', locale: 'es', municipality: 'ponce', categories: ['cleaning'] });
    clock.advance(60_000);
    await signUp({ email: emails[1], name: 'Beto', role: 'provider', locale: 'en', categories: ['cleaning', 'plumbing'] });
    clock.advance(60_000);
    await signUp({ email: emails[2], name: 'Carla 100%', role: 'provider', locale: 'es' });
    await verify(tokenOf(await lastLinkTo(t.knex, emails[1]!, '/waitlist/confirm')));

    const all = await list(admin, `?q=${tag}`);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.items[0]).toEqual({
      id: expect.any(String),
      email: emails[2],
      name: 'Carla 100%',
      role: 'provider',
      municipality: null,
      categories: [],
      locale: 'es',
      verified: false,
      verified_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect((await list(admin, `?q=${tag}&role=provider`)).body.items.map((s: { email: string }) => s.email).sort()).toEqual([emails[1], emails[2]]);
    expect((await list(admin, `?q=${tag}&verified=true`)).body.items.map((s: { email: string }) => s.email)).toEqual([emails[1]]);
    expect((await list(admin, `?q=${tag}&verified=false&role=client`)).body.total).toBe(1);
    expect((await list(admin, '?q=100%25')).body.items.map((s: { name: string }) => s.name)).toEqual(['Carla 100%']);
    const paged = await list(admin, `?q=${tag}&limit=2&offset=2`);
    expect(paged.body).toMatchObject({ total: 3, items: [{ email: emails[0] }] });
    expect((await list(admin, '?limit=0')).status).toBe(400);
    expect((await list(admin, '?role=admin')).status).toBe(400);
  });

  it('exports the filtered signups as CSV, formulas written as text', async () => {
    const tag = randomUUID().slice(0, 8);
    await signUp({ email: `csv-${tag}@example.com`, name: '=HYPERLINK("x")', role: 'client', locale: 'es', categories: ['plumbing', 'hvac'] });
    const res = await call(t.server, 'GET', `/api/v1/waitlist/signups/export?q=${tag}`, { token: admin });
    expect(res.raw).toBe(res.body);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="waitlist-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.raw.trim().split('\r\n');
    expect(lines[0]).toBe('email,name,role,municipality,categories,locale,verified_at,created_at');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^csv-${tag}@example.com,"'=HYPERLINK\\(""x""\\)",client,,plumbing hvac,es,,\\d{4}-`));
  });

  it('changes and deletes a signup; an unknown one is 404', async () => {
    const email = address();
    await signUp({ email, role: 'client', locale: 'es' });
    const [{ id }] = (await list(admin, `?q=${email}`)).body.items;
    const changed = await call(t.server, 'PATCH', `/api/v1/waitlist/signups/${id}`, {
      token: admin,
      body: { name: 'Nombre nuevo', role: 'provider', municipality: 'caguas', categories: ['roofing'], locale: 'en', verified: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Nombre nuevo', role: 'provider', municipality: 'caguas', categories: ['roofing'], locale: 'en', verified: true });
    const cleared = await call(t.server, 'PATCH', `/api/v1/waitlist/signups/${id}`, { token: admin, body: { municipality: null, verified: false, name: '' } });
    expect(cleared.body).toMatchObject({ municipality: null, verified: false, verified_at: null, name: null });
    expect((await call(t.server, 'PATCH', `/api/v1/waitlist/signups/${id}`, { token: admin, body: {} })).status).toBe(400);
    expect((await call(t.server, 'PATCH', `/api/v1/waitlist/signups/${id}`, { token: admin, body: { municipality: 'atlantis' } })).status).toBe(400);
    expect((await call(t.server, 'DELETE', `/api/v1/waitlist/signups/${id}`, { token: admin })).status).toBe(204);
    expect((await call(t.server, 'DELETE', `/api/v1/waitlist/signups/${id}`, { token: admin })).body).toMatchObject({ status: 404, code: 'waitlist_signup_not_found' });
    expect((await call(t.server, 'PATCH', `/api/v1/waitlist/signups/${id}`, { token: admin, body: { name: 'x' } })).status).toBe(404);
  });

  it('counts the figures: totals, by role, top places and trades, 30 days of signups', async () => {
    setClock(t, new Date().toISOString());
    const before = (await call(t.server, 'GET', '/api/v1/waitlist/stats', { token: admin })).body;
    expect((await signUp({ email: address(), role: 'provider', locale: 'es', municipality: 'vieques', categories: ['catering'] })).status).toBe(201);
    const after = await call(t.server, 'GET', '/api/v1/waitlist/stats', { token: admin });
    expect(after.status).toBe(200);
    expect(after.body.total).toBe(before.total + 1);
    expect(after.body.by_role.provider).toBe(before.by_role.provider + 1);
    expect(after.body.by_role.client + after.body.by_role.provider).toBe(after.body.total);
    expect(after.body.top_municipalities).toContainEqual({ slug: 'vieques', count: 1 });
    expect(after.body.top_categories).toContainEqual({ slug: 'catering', count: 1 });
    expect(after.body.per_day).toHaveLength(30);
    expect(after.body.per_day.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: expect.any(Number) });
    const sum = (stats: { per_day: { count: number }[] }) => stats.per_day.reduce((total, d) => total + d.count, 0);
    expect(sum(after.body)).toBe(sum(before) + 1);
  });
});
