import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { newClient, newJob, newProvider, newReview, setClock } from './factories.ts';

const t = useTestServer();
const mondayMorning = '2026-11-23T14:07:00Z';
const providers: string[] = [];
const total = 23;

// Many ties in every sort key: equal ratings and review counts, equal years, the same spot on
// the map, the same next free time, and names equally close to the text.
beforeAll(async () => {
  setClock(t, mondayMorning);
  const client = await newClient(t.knex);
  for (let i = 0; i < total; i += 1) {
    const id = await newProvider(t.knex, {
      company_name: `Fotografía Estudio ${String.fromCharCode(65 + (i % 3))}`,
      categories: ['photography'],
      years_experience: i % 4 === 0 ? null : 5 + (i % 2) * 5,
      lat: i % 5 === 0 ? null : 18.2 + (i % 2) * 0.01,
      lng: i % 5 === 0 ? null : -67.1,
      insured: i % 2 === 0,
    });
    providers.push(id);
    if (i % 3 === 0) await newReview(t.knex, { providerId: id, clientId: client, rating: 5 });
    if (i % 3 === 1) for (const rating of [4, 4]) await newReview(t.knex, { providerId: id, rating });
    if (i % 6 === 0) await newJob(t.knex, { providerId: id, clientId: client, start: '2026-11-23T14:00:00Z', hours: 1 });
  }
});

async function page(query: string) {
  setClock(t, mondayMorning);
  const answer = await call(t.server, 'GET', `/api/v1/providers?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { items: { id: string }[]; next_cursor: string | null };
}

async function everyPage(query: string, limit: number, from: string | null = null) {
  const seen: string[] = [];
  let cursor: string | null = from;
  let pages = 0;
  do {
    const answer = await page(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...answer.items.map((item) => item.id));
    cursor = answer.next_cursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { seen, pages };
}

const base = 'category=photography';

describe('GET /providers pages by keyset', () => {
  it.each([
    ['relevance with a text', `${base}&q=fotografia%20estudio`],
    ['relevance without a text', base],
    ['rating', `${base}&sort=rating`],
    ['reviews', `${base}&sort=reviews`],
    ['experience', `${base}&sort=experience`],
    ['distance', `${base}&sort=distance&lat=18.2&lng=-67.1`],
    ['soonest', `${base}&sort=soonest`],
    ['rating, only insured', `${base}&sort=rating&insured=true`],
  ])('%s: pages of 4 give the one-page order with no duplicate and no gap', async (_label, query) => {
    const whole = (await page(`${query}&limit=50`)).items.map((item) => item.id);
    expect(whole.length).toBeGreaterThan(10);
    const { seen, pages } = await everyPage(query, 4);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(whole);
    expect(pages).toBe(Math.ceil(whole.length / 4));
  });

  it('ends with next_cursor null exactly when nothing follows', async () => {
    expect((await page(`${base}&limit=${total}`)).next_cursor).toBeNull();
    expect((await page(`${base}&limit=${total - 1}`)).next_cursor).toEqual(expect.any(String));
  });

  it('a provider added between pages shows no row twice and loses none of the others', async () => {
    const first = await page(`${base}&sort=rating&limit=5`);
    const newcomer = await newProvider(t.knex, { company_name: 'Fotografía Nueva', categories: ['photography'] });
    const client = await newClient(t.knex);
    await newReview(t.knex, { providerId: newcomer, clientId: client, rating: 5 });
    const rest = await everyPage(`${base}&sort=rating`, 5, first.next_cursor);
    const seen = [...first.items.map((item) => item.id), ...rest.seen];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => id !== newcomer).sort()).toEqual([...providers].sort());
    await t.knex('profiles').where({ id: newcomer }).update({ is_onboarded: false });
  });

  it('refuses a cursor of another sort or one that was tampered with', async () => {
    const first = await page(`${base}&sort=rating&limit=2`);
    for (const query of [
      `sort=reviews&cursor=${first.next_cursor}`,
      'cursor=bm90LWpzb24',
      `sort=rating&cursor=${Buffer.from(JSON.stringify(['rating', ['x', '1'], providers[0]])).toString('base64url')}`,
      `sort=soonest&cursor=${Buffer.from(JSON.stringify(['soonest', ['not a time'], providers[0]])).toString('base64url')}`,
      'cursor=***',
    ]) {
      const answer = await call(t.server, 'GET', `/api/v1/providers?${base}&${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.details).toEqual({ cursor: expect.any(String) });
    }
  });
});
