/**
 * A provider cannot change another provider's hours, services or blocked days. Every such route is
 * tried with a second account; provider routes refuse clients, and visitors must sign in.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultBusinessHours } from '@resuelve/contract';
import { call, useTestServer } from './server.ts';
import { categoryIds } from './factories.ts';
import { type Account, onboardedClient, onboardedProvider, signedIn } from './api-factories.ts';

const t = useTestServer();
let owner: Account;
let intruder: Account;
let plumbing: number;
let electrical: number;

const closedSunday = { ...defaultBusinessHours, monday: { open: true, from: '06:00', to: '12:00' } };
const intruderHours = { ...defaultBusinessHours, monday: { open: false, from: '06:00', to: '12:00' } };

beforeAll(async () => {
  owner = await onboardedProvider(t.server, t.knex);
  intruder = await onboardedProvider(t.server, t.knex);
  [plumbing, electrical] = (await categoryIds(t.knex, ['plumbing', 'electrical'])) as [number, number];
  await call(t.server, 'POST', '/api/v1/providers/me/services', { token: owner.token, body: { category_id: electrical } });
  await call(t.server, 'PUT', `/api/v1/providers/${owner.id}/business-hours`, { token: owner.token, body: { business_hours: closedSunday } });
  await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: owner.token, body: { date: '2030-07-25', reason: 'Constitución' } });
});

async function ownerState() {
  const provider = await call(t.server, 'GET', '/api/v1/providers/me', { token: owner.token });
  const blocked = await call(t.server, 'GET', '/api/v1/providers/me/blocked-dates', { token: owner.token });
  return {
    hours: provider.body.business_hours,
    services: provider.body.categories.map((c: { slug: string }) => c.slug),
    blocked: blocked.body.items,
    company: provider.body.company_name,
  };
}

const untouched = {
  hours: closedSunday,
  services: ['plumbing', 'electrical'],
  blocked: [{ date: '2030-07-25', reason: 'Constitución' }],
  company: 'Plomería Borinquen',
};

describe("another provider's hours, services and blocked days", () => {
  it("refuses PUT of another provider's business hours with 403 forbidden", async () => {
    const res = await call(t.server, 'PUT', `/api/v1/providers/${owner.id}/business-hours`, { token: intruder.token, body: { business_hours: intruderHours } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
    expect(await ownerState()).toEqual(untouched);
  });

  it('refuses it for an admin too: only the provider sets their hours', async () => {
    await t.knex('profiles').where({ id: intruder.id }).update({ is_admin: true });
    try {
      const res = await call(t.server, 'PUT', `/api/v1/providers/${owner.id}/business-hours`, { token: intruder.token, body: { business_hours: intruderHours } });
      expect(res.status).toBe(403);
    } finally {
      await t.knex('profiles').where({ id: intruder.id }).update({ is_admin: false });
    }
    expect(await ownerState()).toEqual(untouched);
  });

  it("removing a service the other provider offers only touches one's own list (404 when not offered)", async () => {
    const res = await call(t.server, 'DELETE', `/api/v1/providers/me/services/${electrical}`, { token: intruder.token });
    expect(res.status).toBe(404);
    const addElectrical = await call(t.server, 'POST', '/api/v1/providers/me/services', { token: intruder.token, body: { category_id: electrical } });
    expect(addElectrical.status).toBe(201);
    expect((await call(t.server, 'DELETE', `/api/v1/providers/me/services/${plumbing}`, { token: intruder.token })).status).toBe(204);
    expect(await ownerState()).toEqual(untouched);
  });

  it("adding services, one or in a batch, only touches one's own list", async () => {
    const [hvac, solar] = (await categoryIds(t.knex, ['hvac', 'solar'])) as [number, number];
    expect((await call(t.server, 'POST', '/api/v1/providers/me/services', { token: intruder.token, body: { category_id: hvac } })).status).toBe(201);
    const batch = await call(t.server, 'POST', '/api/v1/providers/me/services/batch', { token: intruder.token, body: { category_ids: [solar] } });
    expect(batch.status).toBe(200);
    expect(await ownerState()).toEqual(untouched);
  });

  it('refuses a provider id smuggled into a body', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/v1/providers/me/services', { category_id: plumbing, provider_id: owner.id }],
      ['POST', '/api/v1/providers/me/services/batch', { category_ids: [plumbing], provider_id: owner.id }],
      ['POST', '/api/v1/providers/me/blocked-dates', { date: '2030-07-26', provider_id: owner.id }],
      ['PATCH', '/api/v1/providers/me', { id: owner.id, company_name: 'Robada' }],
      ['PUT', `/api/v1/providers/${intruder.id}/business-hours`, { business_hours: intruderHours, provider_id: owner.id }],
    ] as const) {
      const res = await call(t.server, method, url, { token: intruder.token, body });
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(Object.values(res.body.details), `${method} ${url}`).toContain('unknown_field');
    }
    expect(await ownerState()).toEqual(untouched);
  });

  it("unblocking the other provider's day is 404 slot_not_found; blocking the same day blocks one's own", async () => {
    const remove = await call(t.server, 'DELETE', '/api/v1/providers/me/blocked-dates/2030-07-25', { token: intruder.token });
    expect(remove.status).toBe(404);
    expect(remove.body.code).toBe('slot_not_found');
    const add = await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: intruder.token, body: { date: '2030-07-25', reason: 'mío' } });
    expect(add.status).toBe(201);
    const list = await call(t.server, 'GET', '/api/v1/providers/me/blocked-dates', { token: intruder.token });
    expect(list.body.items).toEqual([{ date: '2030-07-25', reason: 'mío' }]);
    expect((await call(t.server, 'DELETE', '/api/v1/providers/me/blocked-dates/2030-07-25', { token: intruder.token })).status).toBe(204);
    expect(await ownerState()).toEqual(untouched);
  });

  it("changing one's own profile leaves the other's alone", async () => {
    await call(t.server, 'PATCH', '/api/v1/providers/me', { token: intruder.token, body: { company_name: 'Otra Compañía', timezone: 'UTC' } });
    await call(t.server, 'PUT', `/api/v1/providers/${intruder.id}/business-hours`, { token: intruder.token, body: { business_hours: intruderHours } });
    expect(await ownerState()).toEqual(untouched);
    expect((await call(t.server, 'GET', `/api/v1/providers/${owner.id}/business-hours`, { token: intruder.token })).body).toEqual({
      business_hours: closedSunday,
      timezone: 'America/Puerto_Rico',
    });
  });
});

describe('provider routes and clients', () => {
  it('refuse a client on every provider route', async () => {
    const client = await onboardedClient(t.server, t.knex);
    const refused: [string, string, unknown, number, string][] = [
      ['GET', '/api/v1/providers/me', undefined, 404, 'not_found'],
      ['PATCH', '/api/v1/providers/me', { city: 'Ponce' }, 403, 'forbidden'],
      ['GET', '/api/v1/providers/me/services', undefined, 403, 'forbidden'],
      ['POST', '/api/v1/providers/me/services', { category_id: plumbing }, 403, 'forbidden'],
      ['POST', '/api/v1/providers/me/services/batch', { category_ids: [plumbing] }, 403, 'forbidden'],
      ['DELETE', `/api/v1/providers/me/services/${plumbing}`, undefined, 403, 'forbidden'],
      ['GET', '/api/v1/providers/me/blocked-dates', undefined, 403, 'forbidden'],
      ['POST', '/api/v1/providers/me/blocked-dates', { date: '2030-01-02' }, 403, 'forbidden'],
      ['DELETE', '/api/v1/providers/me/blocked-dates/2030-01-02', undefined, 403, 'forbidden'],
      ['PUT', `/api/v1/providers/${client.id}/business-hours`, { business_hours: defaultBusinessHours }, 403, 'forbidden'],
      ['PUT', `/api/v1/providers/${owner.id}/business-hours`, { business_hours: defaultBusinessHours }, 403, 'forbidden'],
      ['POST', '/api/v1/providers', { company_name: 'Ahora Proveedor' }, 409, 'already_onboarded'],
    ];
    for (const [method, url, body, status, code] of refused) {
      const res = await call(t.server, method, url, { token: client.token, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${url}`).toBe(status);
      expect(res.body.code, `${method} ${url}`).toBe(code);
    }
    expect(await t.knex('providers').where({ id: client.id }).first()).toBeUndefined();
    expect(await t.knex('blocked_dates').where({ provider_id: client.id })).toEqual([]);
    expect(await ownerState()).toEqual(untouched);
  });

  it('refuse an account that has not chosen to be a provider', async () => {
    const fresh = await signedIn(t.server, t.knex);
    const res = await call(t.server, 'POST', '/api/v1/providers/me/blocked-dates', { token: fresh.token, body: { date: '2030-01-02' } });
    expect(res.status).toBe(403);
  });

  it('ask visitors to sign in (401) on every provider route', async () => {
    const routes: [string, string, unknown][] = [
      ['POST', '/api/v1/providers', { company_name: 'Visita' }],
      ['GET', '/api/v1/providers/me', undefined],
      ['PATCH', '/api/v1/providers/me', { city: 'Ponce' }],
      ['POST', '/api/v1/providers/complete-onboarding', { provider: {}, serviceCategories: [plumbing] }],
      ['GET', '/api/v1/providers/me/services', undefined],
      ['POST', '/api/v1/providers/me/services', { category_id: plumbing }],
      ['POST', '/api/v1/providers/me/services/batch', { category_ids: [plumbing] }],
      ['DELETE', `/api/v1/providers/me/services/${plumbing}`, undefined],
      ['GET', `/api/v1/providers/${owner.id}/business-hours`, undefined],
      ['PUT', `/api/v1/providers/${owner.id}/business-hours`, { business_hours: defaultBusinessHours }],
      ['GET', '/api/v1/providers/me/blocked-dates', undefined],
      ['POST', '/api/v1/providers/me/blocked-dates', { date: '2030-01-02' }],
      ['DELETE', '/api/v1/providers/me/blocked-dates/2030-07-25', undefined],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(t.server, method, url, body ? { body } : {});
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.code, `${method} ${url}`).toBe('unauthorized');
    }
    expect(await ownerState()).toEqual(untouched);
  });
});
