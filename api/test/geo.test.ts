import { describe, expect, it } from 'vitest';
import { locate } from '../src/modules/geo/service.ts';
import { call, useTestServer } from './server.ts';
import { onboardedClient, onboardedProvider } from './api-factories.ts';

const t = useTestServer();

const names = (body: { items: { name: string }[] }) => body.items.map((item) => item.name);

describe('GET /geo/municipalities', () => {
  it('lists all 78 alphabetically, accents ignored, when q is empty', async () => {
    const res = await call(t.server, 'GET', '/api/v1/geo/municipalities');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(78);
    const list = names(res.body);
    expect(list.slice(0, 4)).toEqual(['Adjuntas', 'Aguada', 'Aguadilla', 'Aguas Buenas']);
    // Añasco sorts as "anasco": between Aibonito and Arecibo, not after Z.
    expect(list.indexOf('Añasco')).toBe(list.indexOf('Aibonito') + 1);
    expect(list.at(-1)).toBe('Yauco');
    expect(res.body.items[0]).toEqual({ slug: 'adjuntas', name: 'Adjuntas', lat: expect.any(Number), lng: expect.any(Number) });
  });

  it.each(['mayag', 'Mayaguez', 'mayaguez', 'MAYAGÜEZ', 'Mayagues'])('finds Mayagüez first for %s', async (q) => {
    const res = await call(t.server, 'GET', `/api/v1/geo/municipalities?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ slug: 'mayaguez', name: 'Mayagüez' });
  });

  it('matches the start of any word and ranks name prefixes first', async () => {
    expect(names((await call(t.server, 'GET', '/api/v1/geo/municipalities?q=grande')).body)).toContain('Río Grande');
    const san = names((await call(t.server, 'GET', '/api/v1/geo/municipalities?q=san&limit=20')).body);
    expect(san.slice(0, 5).sort()).toEqual(['San Germán', 'San Juan', 'San Lorenzo', 'San Sebastián', 'Santa Isabel']);
    expect(san).toContain('Sabana Grande'); // close enough by trigrams, after the prefixes
  });

  it('honours limit and refuses a limit over 100', async () => {
    expect((await call(t.server, 'GET', '/api/v1/geo/municipalities?limit=5')).body.items).toHaveLength(5);
    expect((await call(t.server, 'GET', '/api/v1/geo/municipalities?q=a&limit=3')).body.items).toHaveLength(3);
    const bad = await call(t.server, 'GET', '/api/v1/geo/municipalities?limit=500');
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ limit: 'out_of_range' });
  });

  it('answers nothing for text that names no municipality', async () => {
    expect((await call(t.server, 'GET', '/api/v1/geo/municipalities?q=qwxz')).body.items).toEqual([]);
  });

  it('keeps the Census names with their accents', async () => {
    const list = names((await call(t.server, 'GET', '/api/v1/geo/municipalities')).body);
    for (const name of ['Bayamón', 'Cataño', 'Río Grande', 'Añasco', 'Loíza', 'Peñuelas', 'Juana Díaz', 'Mayagüez', 'Comerío', 'Guánica', 'Manatí', 'Rincón']) {
      expect(list).toContain(name);
    }
  });

  it("puts Mayagüez's centre on the main island, not toward Isla de Mona", async () => {
    const mayaguez = (await call(t.server, 'GET', '/api/v1/geo/municipalities?q=mayaguez')).body.items[0];
    expect(mayaguez.lat).toBeCloseTo(18.2, 1);
    expect(mayaguez.lng).toBeGreaterThan(-67.2);
    expect(mayaguez.lng).toBeLessThan(-67.0);
  });
});

describe('GET /geo/zip/{zip}', () => {
  it('answers the municipality and point of a ZIP', async () => {
    const res = await call(t.server, 'GET', '/api/v1/geo/zip/00680');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ zip: '00680', municipality: { slug: 'mayaguez', name: 'Mayagüez' }, lat: expect.any(Number), lng: expect.any(Number) });
    expect((await call(t.server, 'GET', '/api/v1/geo/zip/00765')).body.municipality.name).toBe('Vieques');
  });

  it('answers 404 for an unknown ZIP (the Virgin Islands are not Puerto Rico) and 400 for a malformed one', async () => {
    const virgin = await call(t.server, 'GET', '/api/v1/geo/zip/00802');
    expect(virgin.status).toBe(404);
    expect(virgin.body.code).toBe('not_found');
    const bad = await call(t.server, 'GET', '/api/v1/geo/zip/6801');
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ zip: 'invalid_format' });
  });

  it('has every municipality behind at least one ZIP, and no 008xx', async () => {
    const without = await t.knex('municipalities').whereNotExists(t.knex('zip_codes').whereRaw('zip_codes.municipality_slug = municipalities.slug')).pluck('slug');
    expect(without).toEqual([]);
    expect(await t.knex('zip_codes').where('zip', 'like', '008%').first()).toBeUndefined();
  });
});

describe('locate', () => {
  it('takes the ZIP first, then the city without accents or with a typo, else null', async () => {
    expect(await locate(t.knex, { zip: '00680', city: 'San Juan' })).toMatchObject({ municipality_slug: 'mayaguez' });
    expect(await locate(t.knex, { zip: '00680-1234' })).toMatchObject({ municipality_slug: 'mayaguez' });
    expect(await locate(t.knex, { zip: '99999', city: 'Bayamon' })).toMatchObject({ municipality_slug: 'bayamon', lat: expect.any(Number) });
    // Río Piedras is a part of San Juan, not Las Piedras: a near name is not enough.
    expect(await locate(t.knex, { city: '  río piedras ' })).toBeNull();
    expect(await locate(t.knex, { city: 'Mayagues' })).toMatchObject({ municipality_slug: 'mayaguez' });
    expect(await locate(t.knex, { city: 'Mayaguez' })).toMatchObject({ municipality_slug: 'mayaguez' });
    expect(await locate(t.knex, { city: 'Cataño' })).toMatchObject({ municipality_slug: 'catano' });
    expect(await locate(t.knex, { zip: '10001', city: 'New York' })).toBeNull();
    expect(await locate(t.knex, {})).toBeNull();
  });
});

describe('addresses get a point', () => {
  it('places a provider when onboarding and again when the address changes', async () => {
    const provider = await onboardedProvider(t.server, t.knex);
    expect(await t.knex('providers').where({ id: provider.id }).first('municipality_slug', 'lat', 'lng')).toMatchObject({
      municipality_slug: 'san-juan',
      lat: expect.any(Number),
      lng: expect.any(Number),
    });
    const moved = await call(t.server, 'PATCH', '/api/v1/providers/me', { token: provider.token, body: { city: 'Mayagüez', zip_code: '00680' } });
    expect(moved.status).toBe(200);
    const row = await t.knex('providers').where({ id: provider.id }).first('municipality_slug', 'lat', 'lng');
    expect(row.municipality_slug).toBe('mayaguez');
    expect(row.lng).toBeLessThan(-67);
    // Other changes leave the point alone.
    await call(t.server, 'PATCH', '/api/v1/providers/me', { token: provider.token, body: { years_experience: 13 } });
    expect((await t.knex('providers').where({ id: provider.id }).first('municipality_slug')).municipality_slug).toBe('mayaguez');
  });

  it('places a client when the address is saved', async () => {
    const client = await onboardedClient(t.server, t.knex, { city: 'Ponce', zip_code: '00730' });
    expect((await t.knex('client_profiles').where({ id: client.id }).first('municipality_slug')).municipality_slug).toBe('ponce');
    await call(t.server, 'PATCH', '/api/v1/profiles/me/client', { token: client.token, body: { city: 'Loiza', zip_code: '00000' } });
    expect(await t.knex('client_profiles').where({ id: client.id }).first('municipality_slug', 'lat')).toMatchObject({
      municipality_slug: 'loiza',
      lat: expect.any(Number),
    });
  });
});
