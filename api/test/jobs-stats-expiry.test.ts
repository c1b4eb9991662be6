/** The provider's dashboard figures and hourly rate, and expiry of unanswered jobs on a moved clock. */
import { describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '../src/lib/events.ts';
import { expireOverdueJobs } from '../src/modules/jobs/service/lifecycle.ts';
import { call, useTestServer } from './server.ts';
import { jobWorld, newReview, setClock, tuesday } from './factories.ts';
import { jobIn } from './jobs-fixtures.ts';

const t = useTestServer();

const at = (time: string, day = tuesday) => `${day}T${time}:00-04:00`;

describe('the hourly rate (PATCH /providers/me)', () => {
  it('accepts whole cents and null, refuses negatives and fractions', async () => {
    const world = await jobWorld(t);
    const send = (value: unknown) => call(t.server, 'PATCH', '/api/v1/providers/me', { token: world.providerToken, body: { hourly_rate_cents: value } });
    expect((await send(-1)).body.details).toEqual({ hourly_rate_cents: 'out_of_range' });
    expect((await send(12.5)).body.details).toEqual({ hourly_rate_cents: 'invalid_type' });
    expect((await send(4500)).body.hourly_rate_cents).toBe(4500);
    expect((await send(null)).body.hourly_rate_cents).toBeNull();
  });
});

describe('provider stats (GET /providers/me/stats)', () => {
  it('counts by status, today and this week in the provider zone, rating, hours and earnings at the rate', async () => {
    const world = await jobWorld(t, {}, '2026-11-24T13:00:00Z'); // Tuesday 09:00 in San Juan
    await jobIn(t, world, 'pending', at('10:00'));
    // A request the client asked to change waits for the provider too: the dashboard lists it among the requests.
    await jobIn(t, world, 'modification_requested', at('10:00', '2026-12-08'));
    await jobIn(t, world, 'upcoming', at('14:00'));
    await jobIn(t, world, 'upcoming', at('10:00', '2026-11-27'));
    await jobIn(t, world, 'upcoming', at('10:00', '2026-12-01')); // next week
    await jobIn(t, world, 'cancelled', at('15:00'));
    const done = await jobIn(t, world, 'completed', at('08:00'));
    const older = await jobIn(t, world, 'completed', at('10:00', '2026-10-20'));
    await t.knex('jobs').where({ id: done }).update({ actual_hours: 2, ended_at: new Date(at('10:00')) });
    await t.knex('jobs').where({ id: older }).update({ actual_hours: 1.5, ended_at: new Date(at('11:30', '2026-10-20')) });
    await newReview(t.knex, { providerId: world.providerId, clientId: world.clientId, rating: 5 });
    await newReview(t.knex, { providerId: world.providerId, rating: 4 });

    const before = await call(t.server, 'GET', '/api/v1/providers/me/stats', { token: world.providerToken });
    expect(before.body).toEqual({
      pending: 2,
      upcoming: 3,
      in_progress: 0,
      completed: 2,
      today: 3,
      this_week: 4,
      rating_average: 4.5,
      review_count: 2,
      completed_hours: 3.5,
      earnings_cents: null,
      month_earnings_cents: null,
      hourly_rate_cents: null,
    });
    await call(t.server, 'PATCH', '/api/v1/providers/me', { token: world.providerToken, body: { hourly_rate_cents: 4000 } });
    const after = await call(t.server, 'GET', '/api/v1/providers/me/stats', { token: world.providerToken });
    expect(after.body).toMatchObject({ hourly_rate_cents: 4000, earnings_cents: 14000, month_earnings_cents: 8000 });
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
    const mine = () => events.filter((e) => 'job_id' in e.event && [request, proposal, offer].includes(e.event.job_id));
    await vi.waitFor(() => expect(mine()).toHaveLength(3));
    stop();
    for (const published of mine()) {
      expect(published).toEqual({ recipients: [world.clientId, world.providerId], event: expect.objectContaining({ status: 'expired', actor: 'system', action: 'expire' }) });
    }
  });
});
