import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { categoryId, newClient, newJob, newProvider, newReview, setClock } from './factories.ts';

const t = useTestServer();
const now = '2026-11-21T12:00:00Z';
const daysAgo = (days: number) => new Date(new Date(now).getTime() - days * 86_400_000);

describe('GET /categories/trending', () => {
  it('falls back to the flagged categories while nothing was booked', async () => {
    setClock(t, now);
    const answer = await call(t.server, 'GET', '/api/v1/categories/trending?limit=3');
    expect(answer.status).toBe(200);
    expect(answer.body.items.map((c: { slug: string }) => c.slug)).toEqual(['plumbing', 'electrical', 'cleaning']);
    expect(answer.body.items.every((c: { bookings: number }) => c.bookings === 0)).toBe(true);
  });

  it('ranks by bookings made in the window, then tops up with flagged categories', async () => {
    setClock(t, now);
    const client = await newClient(t.knex);
    const provider = await newProvider(t.knex, { categories: ['pet-grooming', 'tutoring'] });
    let start = Date.UTC(2026, 11, 1, 12);
    const book = async (category: string, createdAt: Date) => {
      start += 2 * 3_600_000;
      await newJob(t.knex, { providerId: provider, clientId: client, start: new Date(start), hours: 1, categoryId: await categoryId(t.knex, category), createdAt });
    };
    const [first, second] = (await t.knex('categories').whereNotIn('slug', ['plumbing', 'electrical', 'cleaning', 'hvac', 'photography']).orderBy('sort_order').limit(2).select('slug')) as { slug: string }[];
    for (let i = 0; i < 3; i += 1) await book(second!.slug, daysAgo(2));
    await book(first!.slug, daysAgo(10));
    for (let i = 0; i < 5; i += 1) await book(first!.slug, daysAgo(40)); // outside 30 days
    const answer = await call(t.server, 'GET', '/api/v1/categories/trending?limit=4&locale=en');
    expect(answer.body.items.map((c: { slug: string; bookings: number }) => [c.slug, c.bookings])).toEqual([
      [second!.slug, 3],
      [first!.slug, 1],
      ['plumbing', 0],
      ['electrical', 0],
    ]);
    const longer = await call(t.server, 'GET', '/api/v1/categories/trending?limit=1&days=60');
    expect(longer.body.items[0]).toMatchObject({ slug: first!.slug, bookings: 6 });
    expect((await call(t.server, 'GET', '/api/v1/categories/trending?days=0')).status).toBe(400);
  });
});

describe('GET /categories/{id}/providers', () => {
  it('lists onboarded providers of the category best rated first, by offset, with the total', async () => {
    const client = await newClient(t.knex);
    const good = await newProvider(t.knex, { company_name: 'Jardines Buenos', categories: ['landscaping'] });
    const plain = await newProvider(t.knex, { company_name: 'Jardines Normales', categories: ['landscaping'] });
    await newProvider(t.knex, { company_name: 'Jardines Ocultos', categories: ['landscaping'], onboarded: false });
    await newReview(t.knex, { providerId: good, clientId: client, rating: 5 });
    await newReview(t.knex, { providerId: plain, clientId: client, rating: 3 });
    const first = await call(t.server, 'GET', '/api/v1/categories/landscaping/providers?limit=1&locale=en');
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(2);
    expect(first.body.items).toHaveLength(1);
    expect(first.body.items[0]).toMatchObject({ id: good, rating_average: 5, categories: [{ slug: 'landscaping' }] });
    const id = ((await t.knex('categories').where({ slug: 'landscaping' }).first('id')) as { id: number }).id;
    const second = await call(t.server, 'GET', `/api/v1/categories/${id}/providers?limit=1&offset=1`);
    expect(second.body.items.map((p: { id: string }) => p.id)).toEqual([plain]);
    expect((await call(t.server, 'GET', '/api/v1/categories/no-such-category/providers')).status).toBe(404);
  });
});
