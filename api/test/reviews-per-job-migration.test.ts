/**
 * Migration 0034 (issue 27): reviews become one per job. Existing reviews keep a job that is a
 * completed job of their own client and provider, the others are attached to that client's latest
 * completed job with the provider; afterwards a client reviews a second job of the same provider,
 * a job takes one review, and the provider's counters count them all. Going down keeps the newest
 * review of a pair, as migration 0018 did.
 */
import { describe, expect, it } from 'vitest';
import * as reviewsPerJob from '../../migrations/src/20261128_0034_reviews_per_job.ts';
import { useTestDatabase } from './database.ts';
import { newClient, newJob, newProvider, newReview } from './factories.ts';

const t = useTestDatabase({ poolMax: 2 });

async function counters(provider: string): Promise<{ count: number; average: number }> {
  const row = await t.knex('providers').where({ id: provider }).first('review_count', 'rating_average');
  return { count: row.review_count, average: Number(row.rating_average) };
}

describe('the reviews-per-job migration', () => {
  it('attaches each review to a job of its own pair, then allows one review per job and counts them all', async () => {
    await t.knex.transaction((trx) => reviewsPerJob.down(trx));
    const provider = await newProvider(t.knex);
    const [noJob, wrongJob, ownOlderJob, never] = [await newClient(t.knex), await newClient(t.knex), await newClient(t.knex), await newClient(t.knex)];
    const older = await newJob(t.knex, { clientId: noJob, providerId: provider, start: '2026-09-01T13:00:00Z', status: 'completed' });
    const latest = await newJob(t.knex, { clientId: noJob, providerId: provider, start: '2026-10-01T13:00:00Z', status: 'completed' });
    await newJob(t.knex, { clientId: noJob, providerId: provider, start: '2026-10-20T13:00:00Z', status: 'cancelled' });
    const wrongOwn = await newJob(t.knex, { clientId: wrongJob, providerId: provider, start: '2026-09-10T13:00:00Z', status: 'completed' });
    const kept = await newJob(t.knex, { clientId: ownOlderJob, providerId: provider, start: '2026-09-15T13:00:00Z', status: 'completed' });
    await newJob(t.knex, { clientId: ownOlderJob, providerId: provider, start: '2026-10-15T13:00:00Z', status: 'completed' });

    const r1 = await newReview(t.knex, { providerId: provider, clientId: noJob, rating: 5 });
    // A review pointing at another client's job (old demo data) is moved to its own client's job.
    const r2 = await newReview(t.knex, { providerId: provider, clientId: wrongJob, jobId: older.id, rating: 3 });
    const r3 = await newReview(t.knex, { providerId: provider, clientId: ownOlderJob, jobId: kept.id, rating: 4 });
    const r4 = await newReview(t.knex, { providerId: provider, clientId: never, rating: 2 });

    await t.knex.transaction((trx) => reviewsPerJob.up(trx));
    const jobOf = async (id: string) => (await t.knex('reviews').where({ id }).first('job_id')).job_id as string | null;
    expect(await jobOf(r1)).toBe(latest.id);
    expect(await jobOf(r2)).toBe(wrongOwn.id);
    expect(await jobOf(r3)).toBe(kept.id);
    expect(await jobOf(r4)).toBeNull();
    expect(await counters(provider)).toEqual({ count: 4, average: 3.5 });

    // The same client reviews their older job with the provider: a second review of the pair.
    await newReview(t.knex, { providerId: provider, clientId: noJob, jobId: older.id, rating: 1 });
    expect(await counters(provider)).toEqual({ count: 5, average: 3 });
    await expect(newReview(t.knex, { providerId: provider, clientId: noJob, jobId: older.id, rating: 4 })).rejects.toMatchObject({ constraint: 'reviews_one_per_job' });

    await t.knex.transaction((trx) => reviewsPerJob.down(trx));
    // The newest of the pair stays (the 1-star review of the older job).
    expect(await t.knex('reviews').where({ client_id: noJob }).pluck('rating')).toEqual([1]);
    expect(await counters(provider)).toEqual({ count: 4, average: 2.5 });
    await t.knex.transaction((trx) => reviewsPerJob.up(trx));
    expect(await t.knex('reviews').where({ client_id: noJob }).pluck('job_id')).toHaveLength(1);
  });
});
