/**
 * Loyalty (issue 13, decision record 0025): points per completed job, per review and a first-booking
 * bonus, in an append-only ledger that never counts one cause twice (a job reported completed twice,
 * a review deleted and written again); tiers by the points of the last 12 months; the provider's
 * reward offer and its reach on a job.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loyaltyRules } from '@resuelve/contract';
import { call, useTestServer } from './server.ts';
import { jobWorld, mondayMorning, newClient, newJob, newProvider, setClock, tokenFor, type JobWorld } from './factories.ts';
import { earnForCompletedJob } from '../src/modules/loyalty/repository.ts';

const t = useTestServer();
const { pointsPerCompletedJob: job, pointsPerReview: review, firstBookingBonus: bonus } = loyaltyRules;

let world: JobWorld;

beforeAll(async () => {
  world = await jobWorld(t);
});

/** A job of the world's provider for `clientId` that is in progress since 10:00 today (the clock is Monday 12:00 UTC). */
async function inProgress(clientId: string, hour = 10) {
  return newJob(t.knex, { clientId, providerId: world.providerId, start: `2026-11-23T${String(hour).padStart(2, '0')}:00:00Z`, hours: 1, status: 'in_progress' });
}

const end = (jobId: string) => call(t.server, 'POST', `/api/v1/jobs/${jobId}/end`, { token: world.providerToken });
const loyalty = (token: string | undefined, query = '') => call(t.server, 'GET', `/api/v1/loyalty/me${query}`, { token });
const ledgerOf = (clientId: string) => t.knex('loyalty_ledger').where({ client_id: clientId }).orderBy('created_at').select('reason', 'points', 'source_id');

async function newSignedInClient() {
  const id = await newClient(t.knex);
  return { id, token: tokenFor(t, id) };
}

describe('points for completed jobs', () => {
  it('a completed job earns its points and the first one the first-booking bonus, written with the completion', async () => {
    setClock(t, mondayMorning);
    const client = await newSignedInClient();
    const first = await inProgress(client.id, 8);
    expect((await end(first.id)).status).toBe(200);
    const res = await loyalty(client.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ points: job + bonus, tier_points: job + bonus, tier: 'bronze', next_tier: 'silver', points_to_next_tier: 500 - job - bonus });
    expect(res.body.ledger.items.map((e: { reason: string }) => e.reason).sort()).toEqual(['first_booking', 'job_completed']);
    expect(res.body.ledger.items[0]).toMatchObject({ job_id: first.id, job_title: 'Reparar tubería' });

    // A second job earns its points, not a second bonus.
    const second = await inProgress(client.id, 10);
    await end(second.id);
    expect((await loyalty(client.token)).body.points).toBe(2 * job + bonus);
  });

  it('the same completed job reported twice counts once', async () => {
    setClock(t, mondayMorning);
    const client = await newSignedInClient();
    const done = await inProgress(client.id, 6);
    expect((await end(done.id)).status).toBe(200);
    // The api refuses a second end; the ledger would also skip a second report of the same job.
    expect((await end(done.id)).body.code).toBe('invalid_transition');
    await t.knex.transaction((trx) => earnForCompletedJob(trx, { id: done.id, client_id: client.id }, new Date()));
    await Promise.all([1, 2, 3].map(() => t.knex.transaction((trx) => earnForCompletedJob(trx, { id: done.id, client_id: client.id }, new Date()))));
    expect(await ledgerOf(client.id)).toHaveLength(2);
    expect((await loyalty(client.token)).body.points).toBe(job + bonus);
  });

  it('a job that ends in another way (cancelled) earns nothing', async () => {
    const client = await newSignedInClient();
    await newJob(t.knex, { clientId: client.id, providerId: world.providerId, start: '2026-11-10T13:00:00Z', status: 'cancelled' });
    expect((await loyalty(client.token)).body).toMatchObject({ points: 0, tier: 'bronze', ledger: { items: [], next_cursor: null } });
  });
});

describe('points for reviews', () => {
  async function reviewedClient() {
    setClock(t, mondayMorning);
    const provider = await newProvider(t.knex);
    const client = await newSignedInClient();
    const done = await newJob(t.knex, { clientId: client.id, providerId: provider, start: '2026-11-16T13:00:00Z', status: 'in_progress' });
    // Ended by its provider through the api, so the completion earns as it does for people.
    await call(t.server, 'POST', `/api/v1/jobs/${done.id}/end`, { token: tokenFor(t, provider, true) });
    return { client, provider };
  }
  const post = (token: string, provider: string, rating = 5) => call(t.server, 'POST', `/api/v1/providers/${provider}/reviews`, { token, body: { rating } });

  it('a review earns once; editing it earns nothing more', async () => {
    const { client, provider } = await reviewedClient();
    const created = await post(client.token, provider);
    expect(created.status).toBe(201);
    expect((await loyalty(client.token)).body.points).toBe(job + bonus + review);
    await call(t.server, 'PATCH', `/api/v1/reviews/${created.body.id}`, { token: client.token, body: { rating: 3, comment: 'Cambié de idea' } });
    expect((await loyalty(client.token)).body.points).toBe(job + bonus + review);
  });

  it('a deleted review appends a reversal; written again it earns once net, however many times', async () => {
    const { client, provider } = await reviewedClient();
    for (let round = 0; round < 3; round += 1) {
      const created = await post(client.token, provider);
      expect(created.status).toBe(201);
      expect((await loyalty(client.token)).body.points).toBe(job + bonus + review);
      expect((await call(t.server, 'DELETE', `/api/v1/reviews/${created.body.id}`, { token: client.token })).status).toBe(204);
      expect((await loyalty(client.token)).body.points).toBe(job + bonus);
    }
    await post(client.token, provider);
    const summary = (await loyalty(client.token, '?limit=50')).body;
    expect(summary.points).toBe(job + bonus + review);
    // Nothing was changed or removed: 4 reviews, 3 reversals, each reversal the exact opposite.
    const reasons = summary.ledger.items.map((e: { reason: string }) => e.reason);
    expect(reasons.filter((r: string) => r === 'review')).toHaveLength(4);
    expect(reasons.filter((r: string) => r === 'review_removed')).toHaveLength(3);
    expect(summary.ledger.items.filter((e: { reason: string }) => e.reason === 'review_removed').every((e: { points: number }) => e.points === -review)).toBe(true);
  });

  it('the ledger is append-only: the database refuses to change or delete an entry', async () => {
    const { client } = await reviewedClient();
    await expect(t.knex('loyalty_ledger').where({ client_id: client.id }).update({ points: 1_000_000 })).rejects.toThrow(/append-only/);
    await expect(t.knex('loyalty_ledger').where({ client_id: client.id }).delete()).rejects.toThrow(/append-only/);
    expect((await loyalty(client.token)).body.points).toBe(job + bonus);
    // The account's own removal still takes its entries along (the cascade).
    await t.knex('users').where({ id: client.id }).delete();
    expect(await ledgerOf(client.id)).toEqual([]);
  });
});

describe('tiers by the points of the last 12 months', () => {
  async function earnedAt(clientId: string, iso: string, count: number) {
    for (let i = 0; i < count; i += 1) {
      const row = await newJob(t.knex, { clientId, providerId: world.providerId, start: new Date(Date.parse(iso) - (i + 1) * 3 * 3_600_000), status: 'completed' });
      await t.knex.transaction((trx) => earnForCompletedJob(trx, { id: row.id, client_id: clientId }, new Date(iso)));
    }
  }

  it('silver from 500 and gold from 1500 points of the window; points older than 12 months leave the tier, not the balance', async () => {
    const client = await newSignedInClient();
    await earnedAt(client.id, '2025-06-01T12:00:00Z', 10); // 1000 + the 200 bonus
    await earnedAt(client.id, '2025-09-01T12:00:00Z', 3); // 300
    await earnedAt(client.id, '2026-08-01T12:00:00Z', 4); // 400
    // In May 2026 the June and September points are within 12 months: gold, the top.
    setClock(t, '2026-05-15T12:00:00Z');
    expect((await loyalty(client.token)).body).toMatchObject({ points: 1500, tier_points: 1500, tier: 'gold', next_tier: null, points_to_next_tier: null });
    // A year and a day after June 2025, those points leave the tier but stay in the balance.
    setClock(t, '2026-06-02T12:00:00Z');
    expect((await loyalty(client.token)).body).toMatchObject({ points: 1500, tier_points: 300, tier: 'bronze', next_tier: 'silver', points_to_next_tier: 200 });
    setClock(t, '2026-08-20T12:00:00Z');
    expect((await loyalty(client.token)).body).toMatchObject({ points: 1900, tier_points: 700, tier: 'silver', next_tier: 'gold', points_to_next_tier: 800 });
    setClock(t, '2026-11-23T12:00:00Z');
    expect((await loyalty(client.token)).body).toMatchObject({ points: 1900, tier_points: 400, tier: 'bronze', points_to_next_tier: 100 });
    // Once everything is older than 12 months: bronze from nothing, the balance kept.
    setClock(t, '2027-10-03T12:00:00Z');
    expect((await loyalty(client.token)).body).toMatchObject({ points: 1900, tier_points: 0, tier: 'bronze', points_to_next_tier: 500 });
  });

  it('pages the ledger newest first by keyset', async () => {
    const client = await newSignedInClient();
    await earnedAt(client.id, '2026-09-01T12:00:00Z', 3);
    setClock(t, mondayMorning);
    const first = (await loyalty(client.token, '?limit=2')).body;
    expect(first.ledger.items).toHaveLength(2);
    const rest = (await loyalty(client.token, `?limit=2&cursor=${first.ledger.next_cursor}`)).body;
    expect(rest.ledger.items).toHaveLength(2);
    expect(rest.ledger.next_cursor).toBeNull();
    const ids = [...first.ledger.items, ...rest.ledger.items].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(4);
    expect((await loyalty(client.token, '?cursor=nonsense')).status).toBe(400);
    expect((await loyalty(client.token, '?limit=500')).body.code).toBe('validation_failed');
    expect((await loyalty(undefined)).status).toBe(401);
  });
});

describe("the provider's reward", () => {
  it('a provider sets it (1–50 % from a tier), it reaches the job when the client has the tier, and only the parties read it', async () => {
    setClock(t, mondayMorning);
    const provider = await newProvider(t.knex);
    const providerToken = tokenFor(t, provider, true);
    expect((await call(t.server, 'GET', '/api/v1/providers/me/reward', { token: providerToken })).body).toEqual({ reward: null });
    for (const body of [{ percent_off: 0, min_tier: 'silver' }, { percent_off: 51, min_tier: 'silver' }, { percent_off: 10, min_tier: 'platinum' }, { percent_off: 10 }]) {
      expect((await call(t.server, 'PUT', '/api/v1/providers/me/reward', { token: providerToken, body })).status, JSON.stringify(body)).toBe(400);
    }
    const set = await call(t.server, 'PUT', '/api/v1/providers/me/reward', { token: providerToken, body: { percent_off: 10, min_tier: 'silver' } });
    expect(set.body).toEqual({ reward: { percent_off: 10, min_tier: 'silver' } });
    expect((await call(t.server, 'PUT', '/api/v1/providers/me/reward', { token: world.clientToken, body: { percent_off: 10, min_tier: 'silver' } })).status).toBe(403);

    const client = await newSignedInClient();
    const booking = await newJob(t.knex, { clientId: client.id, providerId: provider, start: '2026-11-30T13:00:00Z', status: 'pending' });
    const asProvider = await call(t.server, 'GET', `/api/v1/loyalty/jobs/${booking.id}`, { token: providerToken });
    expect(asProvider.body).toEqual({ client_tier: 'bronze', reward: { percent_off: 10, min_tier: 'silver' }, reward_applies: false });
    await t.knex('loyalty_ledger').insert({ client_id: client.id, reason: 'job_completed', source_id: crypto.randomUUID(), points: 600, created_at: new Date('2026-11-01T00:00:00Z') });
    expect((await call(t.server, 'GET', `/api/v1/loyalty/jobs/${booking.id}`, { token: client.token })).body).toMatchObject({ client_tier: 'silver', reward_applies: true });
    expect((await call(t.server, 'GET', `/api/v1/loyalty/jobs/${booking.id}`, { token: world.clientToken })).body.code).toBe('job_not_found');

    // Cards and profiles read it publicly, several providers at once (comma separated).
    const other = await newProvider(t.knex);
    const publicRewards = await call(t.server, 'GET', `/api/v1/loyalty/rewards?provider_ids=${provider},${other}`);
    expect(publicRewards.body).toEqual({ items: [{ provider_id: provider, percent_off: 10, min_tier: 'silver' }] });
    for (const ids of ['nope', '-'.repeat(36), `${provider},`]) expect((await call(t.server, 'GET', `/api/v1/loyalty/rewards?provider_ids=${ids}`)).status).toBe(400);

    expect((await call(t.server, 'DELETE', '/api/v1/providers/me/reward', { token: providerToken })).status).toBe(204);
    expect((await call(t.server, 'GET', `/api/v1/loyalty/jobs/${booking.id}`, { token: client.token })).body).toMatchObject({ reward: null, reward_applies: false });
  });
});
