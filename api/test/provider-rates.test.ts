import { describe, expect, it } from 'vitest';
import { rateLimits } from '@resuelve/contract';
import { migrateLatest } from '@resuelve/migrations';
import { call, useTestServer } from './server.ts';
import { newClient, newProject, newProvider, tokenFor } from './factories.ts';
import { rollBackThrough } from './database.ts';

const t = useTestServer();

const hourly = { amount_cents: 4500, unit: 'hour', from: true };

describe('a provider states a rate (PATCH /providers/me)', () => {
  it('keeps amount, unit and "from", answers it on their record, and removes it with null', async () => {
    const id = await newProvider(t.knex);
    const token = tokenFor(t, id, true);
    const set = await call(t.server, 'PATCH', '/api/v1/providers/me', { token, body: { rate: hourly } });
    expect(set.status).toBe(200);
    expect(set.body.rate).toEqual(hourly);
    const perVisit = await call(t.server, 'PATCH', '/api/v1/providers/me', { token, body: { rate: { amount_cents: 8000, unit: 'visit' } } });
    expect(perVisit.body.rate).toEqual({ amount_cents: 8000, unit: 'visit', from: false });
    expect((await call(t.server, 'GET', '/api/v1/providers/me', { token })).body.rate).toEqual({ amount_cents: 8000, unit: 'visit', from: false });
    const cleared = await call(t.server, 'PATCH', '/api/v1/providers/me', { token, body: { rate: null } });
    expect(cleared.body.rate).toBeNull();
    expect(await t.knex('providers').where({ id }).first('rate_cents', 'rate_unit', 'rate_from')).toEqual({ rate_cents: null, rate_unit: null, rate_from: false });
  });

  it.each([
    [{ amount_cents: rateLimits.amountCentsMax + 1, unit: 'hour' }, 'rate.amount_cents', 'out_of_range'],
    [{ amount_cents: 50, unit: 'hour' }, 'rate.amount_cents', 'out_of_range'],
    [{ amount_cents: 4550.5, unit: 'hour' }, 'rate.amount_cents', 'invalid_type'],
    [{ amount_cents: '45', unit: 'hour', extra: 1 }, 'rate.extra', 'unknown_field'],
    [{ amount_cents: 4500, unit: 'day' }, 'rate.unit', 'not_allowed'],
    [{ amount_cents: 4500 }, 'rate.unit', 'required'],
    [{ unit: 'hour' }, 'rate.amount_cents', 'required'],
  ])('refuses %j with 400 validation_failed on %s', async (rate, field, code) => {
    const id = await newProvider(t.knex, { rate: hourly as never });
    const res = await call(t.server, 'PATCH', '/api/v1/providers/me', { token: tokenFor(t, id, true), body: { rate } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.details[field]).toBe(code);
    expect((await t.knex('providers').where({ id }).first('rate_cents')).rate_cents).toBe(4500);
  });

  it("cannot set another provider's rate: only one's own record changes, and a client has none", async () => {
    const mine = await newProvider(t.knex);
    const theirs = await newProvider(t.knex, { rate: { amount_cents: 6000, unit: 'hour', from: false } });
    const token = tokenFor(t, mine, true);
    const other = await call(t.server, 'PATCH', `/api/v1/providers/${theirs}`, { token, body: { rate: hourly } });
    expect([404, 405]).toContain(other.status);
    await call(t.server, 'PATCH', '/api/v1/providers/me', { token, body: { rate: hourly, id: theirs } });
    expect((await t.knex('providers').where({ id: theirs }).first('rate_cents')).rate_cents).toBe(6000);
    const client = await newClient(t.knex);
    const refused = await call(t.server, 'PATCH', '/api/v1/providers/me', { token: tokenFor(t, client), body: { rate: hourly } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
  });

  it('is refused by the database outside the limits or without its unit, whatever the path', async () => {
    const id = await newProvider(t.knex);
    await expect(t.knex('providers').where({ id }).update({ rate_cents: rateLimits.amountCentsMax + 1, rate_unit: 'hour' })).rejects.toThrow(/providers_rate_whole/);
    await expect(t.knex('providers').where({ id }).update({ rate_cents: 4500 })).rejects.toThrow(/providers_rate_whole/);
    await expect(t.knex('providers').where({ id }).update({ rate_cents: 4500, rate_unit: 'week' })).rejects.toThrow(/providers_rate_whole/);
  });
});

describe('clients see the rate and a photo of the work', () => {
  it('on search cards and the category listing, with the cover photo of the featured project', async () => {
    const provider = await newProvider(t.knex, { company_name: 'Fotos Tarifa Clara', categories: ['photography'], rate: { amount_cents: 12000, unit: 'hour', from: true } });
    const plain = await newProvider(t.knex, { company_name: 'Fotos Sin Tarifa', categories: ['photography'] });
    await newProject(t.knex, { providerId: provider, title: 'Boda', likes: 40, photos: 2 });
    const featured = await newProject(t.knex, { providerId: provider, title: 'Quinceañero', featured: true, photos: 2 });
    await newProject(t.knex, { providerId: provider, title: 'Privado', is_public: false, likes: 99 });
    const cover = (await t.knex('project_images').where({ project_id: featured, is_cover: true }).first('path')).path as string;

    const res = await call(t.server, 'GET', '/api/v1/providers?q=fotos%20tarifa');
    expect(res.status).toBe(200);
    const card = res.body.items.find((item: { id: string }) => item.id === provider);
    expect(card.rate).toEqual({ amount_cents: 12000, unit: 'hour', from: true });
    expect(card.cover_photo).toMatchObject({ widths: [320, 640, 1280, 2048] });
    expect(card.cover_photo.url).toMatch(new RegExp(`${cover}-640\\.webp$`));
    const other = res.body.items.find((item: { id: string }) => item.id === plain);
    expect(other).toMatchObject({ rate: null, cover_photo: null });

    const listing = await call(t.server, 'GET', '/api/v1/categories/photography/providers');
    expect(listing.body.items.find((item: { id: string }) => item.id === provider).rate).toEqual({ amount_cents: 12000, unit: 'hour', from: true });
  });

  it('falls back to the most liked public project when none is featured', async () => {
    const provider = await newProvider(t.knex, { rate: { amount_cents: 9000, unit: 'visit', from: false } });
    await newProject(t.knex, { providerId: provider, likes: 2 });
    const liked = await newProject(t.knex, { providerId: provider, likes: 30 });
    const cover = (await t.knex('project_images').where({ project_id: liked, is_cover: true }).first('path')).path as string;
    const profile = await call(t.server, 'GET', `/api/v1/providers/${provider}`);
    expect(profile.status).toBe(200);
    expect(profile.body.rate).toEqual({ amount_cents: 9000, unit: 'visit', from: false });
    expect(profile.body.cover_photo.url).toContain(cover);
  });

  it('answers a profile without projects or rate with nulls', async () => {
    const provider = await newProvider(t.knex);
    const profile = await call(t.server, 'GET', `/api/v1/providers/${provider}`);
    expect(profile.body).toMatchObject({ rate: null, cover_photo: null });
  });
});

describe('migration 0024', () => {
  it('rolls back and forward cleanly', async () => {
    await rollBackThrough(t.knex, '20261125_0024_provider_rates');
    const columns = async () => Object.keys(await t.knex('providers').columnInfo());
    expect(await columns()).not.toContain('rate_cents');
    await migrateLatest(t.knex);
    expect(await columns()).toEqual(expect.arrayContaining(['rate_cents', 'rate_unit', 'rate_from']));
  });
});
