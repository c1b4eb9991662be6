/** The provider's dashboard figures and earnings from the one rate, and expiry of unanswered jobs on a moved clock. */
import { describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '../src/lib/events.ts';
import { expireOverdueJobs } from '../src/modules/jobs/service/lifecycle.ts';
import { call, useTestServer } from './server.ts';
import { jobWorld, newReview, setClock, tuesday } from './factories.ts';
import { jobIn } from './jobs-fixtures.ts';

const t = useTestServer();

const at = (time: string, day = tuesday) => `${day}T${time}:00-04:00`;

describe('the private hourly rate is gone (issue 27: one rate)', () => {
  it('takes and drops it from an older client, leaving the public rate the one rate', async () => {
    const world = await jobWorld(t, { rate: { amount_cents: 6500, unit: 'hour', from: true } });
    const res = await call(t.server, 'PATCH', '/api/v1/providers/me', { token: world.providerToken, body: { hourly_rate_cents: 4500, years_experience: 5 } });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('hourly_rate_cents');
    expect(res.body.rate).toEqual({ amount_cents: 6500, unit: 'hour', from: true });
  });
});

describe('provider stats (GET /providers/me/stats)', () => {
  it('counts by status, today and this week in the provider zone, rating, hours, and earnings as the sum of completed totals', async () => {
    const rate = { amount_cents: 6500, unit: 'hour', from: true } as const;
    const world = await jobWorld(t, { rate }, '2026-11-24T13:00:00Z'); // Tuesday 09:00 in San Juan
    await jobIn(t, world, 'pending', at('10:00'));
    // A request the client asked to change waits for the provider too: the dashboard lists it among the requests.
    await jobIn(t, world, 'modification_requested', at('10:00', '2026-12-08'));
    await jobIn(t, world, 'upcoming', at('14:00'));
    await jobIn(t, world, 'upcoming', at('10:00', '2026-11-27'));
    await jobIn(t, world, 'upcoming', at('10:00', '2026-12-01')); // next week
    await jobIn(t, world, 'cancelled', at('15:00'));
    const done = await jobIn(t, world, 'completed', at('08:00'));
    const older = await jobIn(t, world, 'completed', at('10:00', '2026-10-20'));
    await jobIn(t, world, 'completed', at('14:00', '2026-11-02'), 1.5); // no worked time recorded: its estimate
    await t.knex('jobs').where({ id: done }).update({ actual_hours: 2, ended_at: new Date(at('10:00')) });
    await t.knex('jobs').where({ id: older }).update({ actual_hours: 1.5, ended_at: new Date(at('11:30', '2026-10-20')) });
    await newReview(t.knex, { providerId: world.providerId, clientId: world.clientId, rating: 5 });
    await newReview(t.knex, { providerId: world.providerId, rating: 4 });

    const before = await call(t.server, 'GET', '/api/v1/providers/me/stats', { token: world.providerToken });
    expect(before.body).toEqual({
      pending: 2,
      upcoming: 3,
      in_progress: 0,
      completed: 3,
      today: 3,
      this_week: 4,
      rating_average: 4.5,
      review_count: 2,
      completed_hours: 5,
      // $65 an hour: 2 h (13000) this month, 1.5 h (9750) in October, and 1.5 booked hours (9750) this month.
      earnings_cents: 32500,
      month_earnings_cents: 22750,
      // Three upcoming hours with no quote (issue 28): their estimates at $65.
      pending_earnings_cents: 19500,
      // No payments recorded (issue 29).
      month_paid_cents: 0,
      month_refunded_cents: 0,
      payments_pending_cents: 0,
      month_by_category: [{ category_id: world.categoryId, jobs: 2, total_cents: 22750 }],
      rate,
    });
    const totals = await Promise.all([done, older].map(async (id) => (await call(t.server, 'GET', `/api/v1/jobs/${id}`, { token: world.providerToken })).body.price.total_cents));
    expect(totals).toEqual([13000, 9750]);
    // A new rate prices later jobs; the completed ones keep the rate they were accepted at.
    await call(t.server, 'PATCH', '/api/v1/providers/me', { token: world.providerToken, body: { rate: { amount_cents: 9000, unit: 'hour', from: false } } });
    const after = await call(t.server, 'GET', '/api/v1/providers/me/stats', { token: world.providerToken });
    expect(after.body).toMatchObject({ earnings_cents: 32500, month_earnings_cents: 22750, rate: { amount_cents: 9000, unit: 'hour', from: false } });
  });
});

describe('expiry of unanswered jobs', () => {
  it('expires requests, proposals and continuation offers whose time passed, as the system, and tells both parties', async () => {
    const world = await jobWorld(t);
    const day = '2026-12-08'; // a Tuesday after every other test's jobs
    const proposal = await jobIn(t, world, 'schedule_change_pending', at('08:00', day));
    await t.knex('jobs').where({ id: proposal }).update({ proposed_start: new Date(at('13:00', day)), proposed_end: new Date(at('14:00', day)) });
    const request = await jobIn(t, world, 'pending', at('10:00', day));
    const offer = await jobIn(t, world, 'continuation_proposed', at('09:00', '2026-12-09'));
    const accepted = await jobIn(t, world, 'upcoming', at('11:00', day));
    const context = t.server.app.context;
    const clock = setClock(t, '2026-12-08T11:00:00Z'); // 07:00 that Tuesday: first expire what the other tests left
    await expireOverdueJobs(context);
    const events: { recipients: string[]; event: DomainEvent }[] = [];
    const stop = context.events.subscribeAll((event, recipients) => void events.push({ recipients, event }));

    clock.advance(3.5 * 3_600_000); // 10:30: the request's time passed, not the proposal's
    expect(await expireOverdueJobs(context)).toBe(1);
    clock.advance(3 * 3_600_000); // 13:30: the proposal's time passed
    expect(await expireOverdueJobs(context)).toBe(1);
    clock.advance(24 * 3_600_000); // Wednesday 13:30
    expect(await expireOverdueJobs(context)).toBe(1);
    expect(await expireOverdueJobs(context)).toBe(0);

    const statuses = await t.knex('jobs').whereIn('id', [request, proposal, offer, accepted]).select('id', 'status', 'proposed_start');
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [request]: 'expired',
      [proposal]: 'expired',
      [offer]: 'expired',
      [accepted]: 'upcoming',
    });
    const history = await call(t.server, 'GET', `/api/v1/jobs/${proposal}/history`, { token: world.clientToken });
    expect(history.body.items).toEqual([
      expect.objectContaining({ from_status: 'schedule_change_pending', to_status: 'expired', action: 'expire', actor: 'system', actor_id: null }),
    ]);
    const mine = () => events.filter((e) => e.event.type === 'job.changed' && [request, proposal, offer].includes(e.event.job_id));
    await vi.waitFor(() => expect(mine()).toHaveLength(3));
    stop();
    for (const published of mine()) {
      expect(published).toEqual({ recipients: [world.clientId, world.providerId], event: expect.objectContaining({ status: 'expired', actor: 'system', action: 'expire' }) });
    }
  });
});
