import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { newClient, newProvider, newReview } from './factories.ts';

/** provider_places (migration 0015) is what "a category near a point" reads: it must follow every change. */
const t = useTestServer();
const mayaguez = { lat: 18.2011, lng: -67.1396 };
const sanJuan = { lat: 18.4655, lng: -66.1057 };
let id: string;

beforeAll(async () => {
  id = await newProvider(t.knex, { company_name: 'Tubos Móviles', categories: ['plumbing'], municipality_slug: 'mayaguez', ...mayaguez });
});

async function near(category: string, point: { lat: number; lng: number }): Promise<string[]> {
  const answer = await call(t.server, 'GET', `/api/v1/providers?category=${category}&lat=${point.lat}&lng=${point.lng}&radius_km=10&sort=distance`);
  expect(answer.status).toBe(200);
  return (answer.body.items as { id: string }[]).map((card) => card.id);
}

describe('a category near a point follows the provider', () => {
  it('finds the provider where it is, for the category it offers', async () => {
    expect(await near('plumbing', mayaguez)).toEqual([id]);
    expect(await near('electrical', mayaguez)).toEqual([]);
  });

  it('follows a move', async () => {
    await t.knex('providers').where({ id }).update(sanJuan);
    expect(await near('plumbing', mayaguez)).toEqual([]);
    expect(await near('plumbing', sanJuan)).toEqual([id]);
  });

  it('follows a change of services', async () => {
    const [electrical] = await t.knex('categories').where({ slug: 'electrical' }).pluck('id');
    const [plumbing] = await t.knex('categories').where({ slug: 'plumbing' }).pluck('id');
    await t.knex('provider_categories').insert({ provider_id: id, category_id: electrical });
    await t.knex('provider_categories').where({ provider_id: id, category_id: plumbing }).delete();
    expect(await near('plumbing', sanJuan)).toEqual([]);
    expect(await near('electrical', sanJuan)).toEqual([id]);
  });

  it('drops a provider who is no longer listed, and takes them back', async () => {
    await t.knex('profiles').where({ id }).update({ is_onboarded: false });
    expect(await near('electrical', sanJuan)).toEqual([]);
    await t.knex('profiles').where({ id }).update({ is_onboarded: true });
    expect(await near('electrical', sanJuan)).toEqual([id]);
  });

  it('drops a provider without a location', async () => {
    await t.knex('providers').where({ id }).update({ lat: null, lng: null });
    expect(await t.knex('provider_places').where({ provider_id: id }).count()).toEqual([{ count: 0 }]);
  });
});

describe('filters and sorts read from provider_places', () => {
  const ponce = { lat: 18.0111, lng: -66.6141 };
  const ids: string[] = [];
  beforeAll(async () => {
    for (const [name, years, insured] of [['Pintores A', 3, true], ['Pintores B', 9, false], ['Pintores C', 6, true]] as const) {
      ids.push(await newProvider(t.knex, { company_name: name, categories: ['painting'], municipality_slug: 'ponce', ...ponce, years_experience: years, insured, verified: insured }));
    }
  });
  const search = async (query: string) =>
    (await call(t.server, 'GET', `/api/v1/providers?category=painting&lat=${ponce.lat}&lng=${ponce.lng}&radius_km=5&${query}`)).body as {
      items: { company_name: string }[];
      next_cursor: string | null;
    };

  it('follows a new review into the rating filter and order', async () => {
    expect((await search('min_rating=4')).items).toEqual([]);
    const client = await newClient(t.knex);
    await newReview(t.knex, { providerId: ids[1]!, clientId: client, rating: 5 });
    expect((await search('min_rating=4')).items.map((card) => card.company_name)).toEqual(['Pintores B']);
    expect((await search('sort=rating')).items[0]!.company_name).toBe('Pintores B');
  });

  it('filters insured and verified, and sorts by experience', async () => {
    expect((await search('insured=true&sort=experience')).items.map((card) => card.company_name)).toEqual(['Pintores C', 'Pintores A']);
    expect((await search('verified=false')).items.map((card) => card.company_name)).toEqual(['Pintores B']);
  });

  it('pages one card at a time without a gap or a repeat', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await search(`sort=experience&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.items.map((card) => card.company_name));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['Pintores B', 'Pintores C', 'Pintores A']);
  });
});
