import { beforeAll, describe, expect, it } from 'vitest';
import { defaultBusinessHours } from '@resuelve/contract';
import { call, useTestServer } from './server.ts';
import { newClient, newJob, newProvider, newReview, setClock } from './factories.ts';

const t = useTestServer();
const ids: Record<string, string> = {};
const mayaguez = { lat: 18.20605, lng: -67.10878 };
// 2026-11-23 is a Monday; 14:07Z is 10:07 in Puerto Rico.
const mondayMorning = '2026-11-23T14:07:00Z';
const closedAllWeek = Object.fromEntries(Object.entries(defaultBusinessHours).map(([day, hours]) => [day, { ...hours, open: false }]));

beforeAll(async () => {
  setClock(t, mondayMorning);
  const client = await newClient(t.knex);
  ids.a = await newProvider(t.knex, {
    company_name: 'Plomería Borinquen',
    company_description: `Reparamos tuberías, calentadores y filtraciones en todo el oeste. ${'Servicio rápido y garantizado. '.repeat(8)}`,
    categories: ['plumbing'],
    municipality_slug: 'mayaguez',
    lat: 18.2011,
    lng: -67.1396,
    years_experience: 12,
    insured: true,
    verified: true,
    phone_number: '17875550101',
  });
  ids.b = await newProvider(t.knex, { company_name: 'Tuberías del Oeste', categories: ['plumbing'], municipality_slug: 'hormigueros', lat: 18.1397, lng: -67.1272, years_experience: 3 });
  ids.c = await newProvider(t.knex, { company_name: 'Electricista Ramos', categories: ['electrical'], municipality_slug: 'san-juan', lat: 18.4655, lng: -66.1057, years_experience: null, insured: true, verified: true });
  ids.d = await newProvider(t.knex, {
    company_name: 'Sparky Electric Co',
    company_description: 'Licensed electrician for homes and shops',
    categories: ['electrical'],
    municipality_slug: 'ponce',
    lat: 18.0111,
    lng: -66.6141,
    years_experience: 20,
    business_hours: { ...defaultBusinessHours, sunday: { open: true, from: '09:00', to: '12:00' } },
  });
  ids.e = await newProvider(t.knex, { company_name: 'Limpieza Escondida', categories: ['cleaning'], onboarded: false });
  ids.f = await newProvider(t.knex, { company_name: 'Casa Limpia', categories: ['cleaning'], years_experience: 1, business_hours: closedAllWeek as never });

  for (const rating of [5, 4]) await newReview(t.knex, { providerId: ids.a!, rating });
  for (const rating of [5, 5, 5]) await newReview(t.knex, { providerId: ids.c!, rating });
  await newReview(t.knex, { providerId: ids.d!, clientId: client, rating: 3 });
  await newJob(t.knex, { providerId: ids.a!, clientId: client, start: '2026-11-02T12:00:00Z', hours: 1, status: 'completed' });
  // A is taken for the rest of today, so A's next free time is tomorrow.
  await newJob(t.knex, { providerId: ids.a!, clientId: client, start: '2026-11-23T14:00:00Z', hours: 7 });
  await t.knex('blocked_dates').insert({ provider_id: ids.b, date: '2026-11-24' });
});

const named = (found: { id: string }[]) => found.map((item) => Object.entries(ids).find(([, id]) => id === item.id)?.[0] ?? 'other');

async function search(query: string) {
  setClock(t, mondayMorning);
  const answer = await call(t.server, 'GET', `/api/v1/providers?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { items: ({ id: string } & Record<string, any>)[]; next_cursor: string | null };
}

const setOf = async (query: string) => named((await search(query)).items).sort();

describe('GET /providers: text in both languages, without accents and with typos', () => {
  it.each([
    ['plomeria', ['a', 'b']],
    ['Plomería', ['a', 'b']],
    ['plomero', ['a', 'b']],
    ['plumber', ['a', 'b']],
    ['PLUMBING', ['a', 'b']],
    ['electrisista', ['c', 'd']],
    ['electrician', ['c', 'd']],
    ['borinquen', ['a']],
    ['borinqen', ['a']],
    ['sparky', ['d']],
    ['limpieza', ['f']],
    ['zzzqqq', []],
  ])('"%s" finds %j', async (q, expected) => {
    expect(await setOf(`q=${encodeURIComponent(q)}`)).toEqual(expected);
  });

  it('ranks a company named like the text above one only in the category', async () => {
    expect(named((await search('q=plomeria')).items)).toEqual(['a', 'b']);
    expect(named((await search('q=tuberias%20oeste')).items)[0]).toBe('b');
  });

  it('never lists a provider who has not finished onboarding', async () => {
    expect(await setOf('category=cleaning')).toEqual(['f']);
  });
});

describe('GET /providers: filters', () => {
  it('filters by category slug or id; an unknown category finds nothing', async () => {
    const plumbing = (await t.knex('categories').where({ slug: 'plumbing' }).first('id')) as { id: number };
    expect(await setOf('category=plumbing')).toEqual(['a', 'b']);
    expect(await setOf(`category=${plumbing.id}`)).toEqual(['a', 'b']);
    expect(await setOf('category=no-such-thing')).toEqual([]);
  });

  it('filters by municipality slug or name, accents or not, with the distance from its centre', async () => {
    expect(await setOf('municipality=mayaguez')).toEqual(['a']);
    expect(await setOf(`municipality=${encodeURIComponent('Mayagüez')}`)).toEqual(['a']);
    expect(await setOf('municipality=Mayaguez')).toEqual(['a']);
    expect(await setOf('municipality=atlantis')).toEqual([]);
    const [card] = (await search('municipality=mayaguez')).items;
    expect(card!.distance_km).toBeGreaterThan(2);
    expect(card!.distance_km).toBeLessThan(5);
  });

  it('filters by a radius around a point or around a municipality centre', async () => {
    expect(await setOf(`lat=${mayaguez.lat}&lng=${mayaguez.lng}&radius_km=15`)).toEqual(['a', 'b']);
    expect(await setOf('municipality=mayaguez&radius_km=15')).toEqual(['a', 'b']);
    expect(await setOf(`lat=${mayaguez.lat}&lng=${mayaguez.lng}&radius_km=60`)).toEqual(['a', 'b', 'd']);
    expect(await setOf(`q=plumber&lat=${mayaguez.lat}&lng=${mayaguez.lng}&radius_km=5`)).toEqual(['a']);
  });

  it('filters by minimum rating, insurance and the verified badge', async () => {
    expect(await setOf('min_rating=4.5')).toEqual(['a', 'c']);
    expect(await setOf('min_rating=3')).toEqual(['a', 'c', 'd']);
    expect(await setOf('insured=true')).toEqual(['a', 'c']);
    expect(await setOf('insured=false')).toEqual(['b', 'd', 'f']);
    expect(await setOf('verified=true')).toEqual(['a', 'c']);
    expect(await setOf('verified=false')).toEqual(['b', 'd', 'f']);
  });

  it('filters by a day with at least one free hour (closed weekdays, blocked days, booked days)', async () => {
    expect(await setOf('available_on=2026-11-29')).toEqual(['d']); // Sunday: only D opens
    expect(await setOf('available_on=2026-11-20')).toEqual([]); // past
    expect(await setOf('available_on=2026-11-24')).toEqual(['a', 'c', 'd']); // B blocked it, F never opens
    expect(await setOf('available_on=2026-11-23')).toEqual(['b', 'c', 'd']); // A is booked for the rest of today
  });

  it('refuses a radius or a distance sort without a point or a municipality, and half a point', async () => {
    for (const query of ['radius_km=10', 'sort=distance', 'lat=18.2', 'limit=51', 'sort=cheapest', 'min_rating=6']) {
      const answer = await call(t.server, 'GET', `/api/v1/providers?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code).toBe('validation_failed');
    }
  });
});

describe('GET /providers: sorts', () => {
  it('by rating (then number of reviews), by most reviews, by experience with unknown years last', async () => {
    const rest = [ids.b!, ids.f!].sort();
    const byId = (letters: string[]) => letters.map((l) => ids[l]);
    expect((await search('sort=rating')).items.map((i) => i.id)).toEqual([...byId(['c', 'a', 'd']), ...rest]);
    expect((await search('sort=reviews')).items.map((i) => i.id)).toEqual([...byId(['c', 'a', 'd']), ...rest]);
    expect(named((await search('sort=experience')).items)).toEqual(['d', 'a', 'b', 'f', 'c']);
  });

  it('by distance from a point, providers without a location last', async () => {
    const found = (await search(`sort=distance&lat=${mayaguez.lat}&lng=${mayaguez.lng}`)).items;
    expect(named(found)).toEqual(['a', 'b', 'd', 'c', 'f']);
    expect(found[0]!.distance_km).toBeLessThan(found[1]!.distance_km);
    expect(found[4]!.distance_km).toBeNull();
  });

  it('by soonest free time, nobody-free last', async () => {
    const found = (await search('sort=soonest')).items;
    const order = named(found);
    expect(order.slice(3)).toEqual(['a', 'f']);
    expect(order.slice(0, 3).sort()).toEqual(['b', 'c', 'd']);
    expect(found[0]!.next_available_at).toBe('2026-11-23T10:15:00-04:00');
    expect(found[3]!.next_available_at).toBe('2026-11-24T08:00:00-04:00');
    expect(found[4]!.next_available_at).toBeNull();
  });

  it('relevance without a text orders by the documented quality: a 3★ single review below the unreviewed (decision record 0054)', async () => {
    // C: 5★ ×3, verified; A: 4.5★ ×2, verified; B and F: no reviews yet (the prior's 4★); D: one 3★ review.
    expect(named((await search('')).items)).toEqual(['c', 'a', ...['b', 'f'].sort((x, y) => (ids[x]! < ids[y]! ? -1 : 1)), 'd']);
  });
});

describe('GET /providers: the cards', () => {
  it('carries every field a card shows, named in the asked language', async () => {
    const [card] = (await search('q=borinquen&locale=en')).items;
    expect(card).toMatchObject({
      id: ids.a,
      company_name: 'Plomería Borinquen',
      categories: [{ slug: 'plumbing', name: 'Plumbing' }],
      rating_average: 4.5,
      review_count: 2,
      completed_jobs: 1,
      years_experience: 12,
      insured: true,
      verified: true,
      distance_km: null,
      next_available_at: '2026-11-24T08:00:00-04:00',
      municipality: { slug: 'mayaguez', name: 'Mayagüez' },
      location: { lat: 18.2011, lng: -67.1396 },
      profile_picture_url: null,
    });
    expect(card!.description.length).toBeLessThanOrEqual(161);
    expect(card!.description).toMatch(/^Reparamos tuberías.*…$/);
    expect((await search('q=borinquen')).items[0]!.categories).toEqual([{ slug: 'plumbing', name: 'Plomería' }]);
  });
});
