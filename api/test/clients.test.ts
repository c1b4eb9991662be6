import { beforeAll, describe, expect, it } from 'vitest';
import { checkAddress, checkBirthDate, checkCity, checkName, checkState, checkZip } from '@resuelve/contract';
import { ManualClock } from '../src/lib/clock.ts';
import { call, useTestServer } from './server.ts';
import { daysAhead, newJob, validClient, verifyPhone } from './factories.ts';
import { onboardedClient, onboardedProvider, signedIn } from './api-factories.ts';
import { itFollowsEachCheck, type FieldCases } from './onboarding-fixtures.ts';

const t = useTestServer();
const today = new Date('2026-11-21T15:00:00Z');

beforeAll(() => {
  t.server.app.context.clock = new ManualClock(today);
});

describe('own client profile', () => {
  it('starts empty, with email as the preferred contact', async () => {
    const me = await signedIn(t.server, t.knex);
    const res = await call(t.server, 'GET', '/api/v1/profiles/me/client', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: me.id,
      first_name: null,
      last_name: null,
      birth_date: null,
      phone: null,
      address: null,
      city: null,
      state: null,
      zip_code: null,
      preferred_contact: 'email',
      interested_services: [],
    });
  });

  it('saves each field, the names on the profile with its public display name, and the verified phone shows', async () => {
    const me = await signedIn(t.server, t.knex);
    const phone = await verifyPhone(t.knex, me.id);
    const res = await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: me.token, body: validClient() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: me.id, ...validClient(), phone });
    const profile = await call(t.server, 'GET', '/api/v1/profiles/me', { token: me.token });
    expect(profile.body).toMatchObject({ first_name: 'María', last_name: 'Rivera', display_name: 'María R.', is_onboarded: false });
    const changed = await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: me.token, body: { interested_services: ['roofing'], city: 'Ponce' } });
    expect(changed.body).toMatchObject({ interested_services: ['roofing'], city: 'Ponce', address: 'Calle Sol 25, Viejo San Juan' });
    const cleared = await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: me.token, body: { interested_services: [] } });
    expect(cleared.body.interested_services).toEqual([]);
  });

  it('takes interests only from the client interest list', async () => {
    const me = await signedIn(t.server, t.knex);
    for (const slugs of [['plumbing', 'solar'], ['nothing-like-this']]) {
      const res = await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: me.token, body: { interested_services: slugs } });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual({ interested_services: 'not_allowed' });
    }
    const bad = await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: me.token, body: { preferred_contact: 'fax' } });
    expect(bad.body.details).toEqual({ preferred_contact: 'not_allowed' });
  });

  it('refuses unknown fields and empty changes', async () => {
    const me = await signedIn(t.server, t.knex);
    for (const body of [{}, { phone: '7875550123' }, { is_onboarded: true }, { complete_onboarding: false }]) {
      const res = await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: me.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

const clientFieldCases: FieldCases = [
  ['first_name', checkName, ['R2D2', 'x'.repeat(81), '', "O'Neill", 'José-María']],
  ['last_name', checkName, ['<b>', 'Rivera Ortiz']],
  ['address', checkAddress, ['Ca 1', 'x'.repeat(201), 'Urb. Las Lomas, Calle 3 #45']],
  ['city', checkCity, ['X', 'Ciudad 9', 'Bayamón']],
  ['state', checkState, ['ZZ', 'pr', 'PR']],
  ['zip_code', checkZip, ['1234', '00901-12', '00901', '009011234']],
];

describe('every client rule of SPEC.md §5, from the one definition in contract', () => {
  itFollowsEachCheck(t, '/api/v1/profiles/me/client', clientFieldCases, () => signedIn(t.server, t.knex));

  it('birth date: valid, not in the future, at least 13 years old on the server clock', async () => {
    const me = await signedIn(t.server, t.knex);
    const cases: [string, string | null][] = [
      ['2013-11-21', null], // 13 today
      ['2013-11-22', 'too_young'],
      ['2020-01-01', 'too_young'],
      ['2026-11-22', 'date_in_future'],
      ['2001-02-29', 'invalid_date'],
      ['21/11/2000', 'invalid_date'],
      ['', 'required'],
      ['1950-01-31', null],
    ];
    for (const [value, code] of cases) {
      expect(checkBirthDate(value, today), value).toBe(code);
      const res = await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: me.token, body: { birth_date: value } });
      if (code) {
        expect(res.status, value).toBe(400);
        expect(res.body.details, value).toEqual({ birth_date: code });
      } else {
        expect(res.status, value).toBe(200);
        expect(res.body.birth_date).toBe(value);
      }
    }
  });
});

describe('finishing client onboarding with PATCH complete_onboarding', () => {
  it('finishes with every required field and a verified phone', async () => {
    const me = await signedIn(t.server, t.knex);
    await verifyPhone(t.knex, me.id);
    const res = await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: me.token, body: { ...validClient(), complete_onboarding: true } });
    expect(res.status).toBe(200);
    expect(res.body.first_name).toBe('María');
    const profile = await call(t.server, 'GET', '/api/v1/profiles/me', { token: me.token });
    expect(profile.body).toMatchObject({ is_onboarded: true, is_contractor: false });
  });

  it('lists the missing fields with 409 onboarding_incomplete and saves nothing', async () => {
    const me = await signedIn(t.server, t.knex);
    await verifyPhone(t.knex, me.id);
    const res = await call(t.server, 'PATCH', '/api/v1/profiles/me/client', {
      token: me.token,
      body: { first_name: 'Ana', city: 'Caguas', complete_onboarding: true },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('onboarding_incomplete');
    expect(res.body.details).toEqual({ last_name: 'required', birth_date: 'required', address: 'required', state: 'required', zip_code: 'required' });
    expect((await call(t.server, 'GET', '/api/v1/profiles/me/client', { token: me.token })).body.city).toBeNull();
  });

  it('needs a verified phone (409 phone_not_verified)', async () => {
    const me = await signedIn(t.server, t.knex);
    await t.knex('profiles').where({ id: me.id }).update({ phone_number: '17875551111', phone_verified_at: null });
    const res = await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: me.token, body: { ...validClient(), complete_onboarding: true } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('phone_not_verified');
    expect((await call(t.server, 'GET', '/api/v1/profiles/me', { token: me.token })).body.is_onboarded).toBe(false);
  });

  it('refuses a second finish with 409 already_onboarded, while settings changes go on', async () => {
    const me = await onboardedClient(t.server, t.knex);
    const again = await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: me.token, body: { city: 'Arecibo', complete_onboarding: true } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_onboarded');
    const settings = await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: me.token, body: { city: 'Arecibo', preferred_contact: 'phone' } });
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ city: 'Arecibo', preferred_contact: 'phone' });
  });

  it('lets an account that started as a provider finish as a client instead', async () => {
    const me = await signedIn(t.server, t.knex);
    await verifyPhone(t.knex, me.id);
    await call(t.server, 'POST', '/api/v1/providers', { token: me.token, body: { company_name: 'Idea Vieja' } });
    const res = await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: me.token, body: { ...validClient(), complete_onboarding: true } });
    expect(res.status).toBe(200);
    expect((await call(t.server, 'GET', '/api/v1/profiles/me', { token: me.token })).body).toMatchObject({ is_onboarded: true, is_contractor: false });
    expect((await call(t.server, 'GET', '/api/v1/providers/me', { token: me.token })).status).toBe(404);
  });

  it('is refused to a provider who finished onboarding (403)', async () => {
    const provider = await onboardedProvider(t.server, t.knex);
    expect((await call(t.server, 'GET', '/api/v1/profiles/me/client', { token: provider.token })).status).toBe(403);
    const res = await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: provider.token, body: { city: 'Ponce' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect(await t.knex('client_profiles').where({ id: provider.id }).first()).toBeUndefined();
  });
});

describe('GET /clients and /clients/{id}', () => {
  let ana: string;
  let beto: string;
  let provider: { id: string; token: string };
  let admin: { id: string; token: string };

  beforeAll(async () => {
    ana = (await onboardedClient(t.server, t.knex, { first_name: 'Ána', last_name: 'Zayas' })).id;
    beto = (await onboardedClient(t.server, t.knex, { first_name: 'Beto', last_name: 'Zayas' })).id;
    provider = await onboardedProvider(t.server, t.knex);
    admin = await signedIn(t.server, t.knex);
    await t.knex('profiles').where({ id: admin.id }).update({ is_admin: true });
  });

  it('show an admin every client, with search by name (accents ignored) and pages', async () => {
    const all = await call(t.server, 'GET', '/api/v1/clients?limit=100', { token: admin.token });
    expect(all.status).toBe(200);
    const ids = all.body.items.map((c: { id: string }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([ana, beto]));
    expect(ids).not.toContain(provider.id);
    expect(all.body.total).toBe(all.body.items.length);
    const found = await call(t.server, 'GET', '/api/v1/clients?q=ana%20zay', { token: admin.token });
    expect(found.body).toMatchObject({ total: 1, items: [{ id: ana, first_name: 'Ána', last_name: 'Zayas', display_name: 'Ána Z.' }] });
    expect(found.body.items[0]).not.toHaveProperty('birth_date');
    const page = await call(t.server, 'GET', '/api/v1/clients?q=zayas&limit=1&offset=1', { token: admin.token });
    expect(page.body.total).toBe(2);
    expect(page.body.items.map((c: { id: string }) => c.id)).toEqual([beto]);
    const one = await call(t.server, 'GET', `/api/v1/clients/${beto}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: beto, preferred_contact: 'sms', interested_services: ['plumbing', 'cleaning'], is_onboarded: true });
  });

  it('show a provider no client without a job together (empty list, 404 for one)', async () => {
    const list = await call(t.server, 'GET', '/api/v1/clients', { token: provider.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [], total: 0 });
    const one = await call(t.server, 'GET', `/api/v1/clients/${ana}`, { token: provider.token });
    expect(one.status).toBe(404);
    expect(one.body.code).toBe('not_found');
  });

  it('show a provider the clients linked to them by an accepted job, and only those (not by a pending request)', async () => {
    await newJob(t.knex, { providerId: provider.id, clientId: beto, start: daysAhead(2) });
    await newJob(t.knex, { providerId: provider.id, clientId: ana, start: daysAhead(3), status: 'upcoming' });
    const list = await call(t.server, 'GET', '/api/v1/clients', { token: provider.token });
    expect(list.body.total).toBe(1);
    expect(list.body.items.map((c: { id: string }) => c.id)).toEqual([ana]);
    expect((await call(t.server, 'GET', `/api/v1/clients/${ana}`, { token: provider.token })).status).toBe(200);
    expect((await call(t.server, 'GET', `/api/v1/clients/${beto}`, { token: provider.token })).status).toBe(404);
    const otherProvider = await onboardedProvider(t.server, t.knex);
    expect((await call(t.server, 'GET', `/api/v1/clients/${ana}`, { token: otherProvider.token })).status).toBe(404);
  });

  it('refuse clients (403) and visitors (401)', async () => {
    const client = await onboardedClient(t.server, t.knex);
    for (const url of ['/api/v1/clients', `/api/v1/clients/${ana}`, `/api/v1/clients/${client.id}`]) {
      const res = await call(t.server, 'GET', url, { token: client.token });
      expect(res.status, url).toBe(403);
      expect(res.body.code).toBe('forbidden');
      expect((await call(t.server, 'GET', url)).status, url).toBe(401);
    }
  });

  it('answer 404 for an id that is no client, and 400 for one that is no id', async () => {
    expect((await call(t.server, 'GET', `/api/v1/clients/${provider.id}`, { token: admin.token })).status).toBe(404);
    const bad = await call(t.server, 'GET', '/api/v1/clients/not-an-id', { token: admin.token });
    expect(bad.status).toBe(400);
  });
});
