import { describe, expect, it } from 'vitest';
import * as reviews from '../../migrations/src/20261125_0018_reviews.ts';
import { useTestDatabase } from './database.ts';
import { newClient, newProvider, newReview } from './factories.ts';

const t = useTestDatabase({ poolMax: 2 });

describe('the reviews migration', () => {
  it('keeps the newest of two reviews by one client of one provider, recounts, and then refuses a second', async () => {
    await t.knex.transaction((trx) => reviews.down(trx));
    const provider = await newProvider(t.knex);
    const client = await newClient(t.knex);
    await newReview(t.knex, { providerId: provider, clientId: client, rating: 1, createdAt: new Date('2026-01-01T00:00:00Z') });
    const newest = await newReview(t.knex, { providerId: provider, clientId: client, rating: 5, createdAt: new Date('2026-02-01T00:00:00Z') });
    const other = await newReview(t.knex, { providerId: provider, rating: 4 });
    expect(await t.knex('providers').where({ id: provider }).first('review_count')).toEqual({ review_count: 3 });

    await t.knex.transaction((trx) => reviews.up(trx));
    expect((await t.knex('reviews').where({ provider_id: provider }).orderBy('rating').pluck('id')).sort()).toEqual([newest, other].sort());
    const counters = await t.knex('providers').where({ id: provider }).first('review_count', 'rating_average');
    expect({ count: counters.review_count, average: Number(counters.rating_average) }).toEqual({ count: 2, average: 4.5 });
    await expect(newReview(t.knex, { providerId: provider, clientId: client, rating: 3 })).rejects.toMatchObject({ constraint: 'reviews_one_per_client_provider' });
  });
});
