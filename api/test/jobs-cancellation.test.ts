/**
 * Cancellation policies (issue 28): the provider states one, the profile shows it, the client's
 * cancel inside the window records the fee they were shown (free until and including N hours before
 * the start, the fee one second later), a fee never passes the job's total, the provider's cancel
 * never charges, a changed fee refuses the cancel with nothing written, and a client's request for
 * another time needs the provider's notice while the provider needs none.
 */
import { describe, expect, it } from 'vitest';
import type { CancellationPolicy } from '@resuelve/contract';
import { call, useTestServer } from './server.ts';
import { jobWorld, setClock, tuesday, type JobWorld } from './factories.ts';
import { patch } from './api-factories.ts';
import { jobIn, outsider } from './jobs-fixtures.ts';
import { notifyJobChange } from '../src/modules/jobs/notices/index.ts';
import { eventOf } from './live-job-fixtures.ts';
import { outboxTo } from './outbox.ts';

const t = useTestServer();

const hourly = { amount_cents: 6500, unit: 'hour', from: false } as const;
/** The jobs here start Tuesday 10:00 in San Juan, 14:00 UTC; they hold an hour ($65 at the rate). */
const start = `${tuesday}T10:00:00-04:00`;
const startMs = Date.parse(start);
const hour = 3_600_000;
const clockAt = (ms: number) => setClock(t, new Date(startMs + ms).toISOString());

const dayAndFee: CancellationPolicy = { free_hours: 24, fee_kind: 'fixed', fee_value: 2500, reschedule_notice_hours: 12 };

async function withPolicy(policy: CancellationPolicy): Promise<JobWorld> {
  const world = await jobWorld(t, { rate: hourly });
  const res = await call(t.server, 'PATCH', '/api/v1/providers/me', { token: world.providerToken, body: { cancellation_policy: policy } });
  expect(res.status).toBe(200);
  return world;
}

const preview = (world: JobWorld, job: string, token = world.clientToken) => call(t.server, 'GET', `/api/v1/jobs/${job}/cancellation`, { token });
const feeOf = async (job: string) => t.knex('jobs').where({ id: job }).first('status', 'fee_cents', 'fee_kind');

describe('a cancellation policy', () => {
  it('is set by the provider, read back, and shown on the public profile', async () => {
    const world = await withPolicy(dayAndFee);
    const own = await call(t.server, 'GET', '/api/v1/providers/me', { token: world.providerToken });
    expect(own.body.cancellation_policy).toEqual(dayAndFee);
    const profile = await call(t.server, 'GET', `/api/v1/providers/${world.providerId}`, {});
    expect(profile.status).toBe(200);
    expect(profile.body.cancellation_policy).toEqual(dayAndFee);

    // Always free again: the fee goes with the window.
    const free = await call(t.server, 'PATCH', '/api/v1/providers/me', {
      token: world.providerToken,
      body: { cancellation_policy: { free_hours: null, reschedule_notice_hours: 0 } },
    });
    expect(free.body.cancellation_policy).toEqual({ free_hours: null, fee_kind: null, fee_value: null, reschedule_notice_hours: 0 });
  });

  it('refuses a policy outside the choices with a code per field, and writes nothing', async () => {
    const world = await withPolicy(dayAndFee);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...dayAndFee, free_hours: 5 }, { 'cancellation_policy.free_hours': 'not_allowed' }],
      [{ ...dayAndFee, reschedule_notice_hours: 6 }, { 'cancellation_policy.reschedule_notice_hours': 'not_allowed' }],
      [{ ...dayAndFee, fee_kind: 'percent', fee_value: 101 }, { 'cancellation_policy.fee_value': 'out_of_range' }],
      [{ ...dayAndFee, fee_value: 99 }, { 'cancellation_policy.fee_value': 'out_of_range' }],
      [{ ...dayAndFee, fee_value: -2500 }, { 'cancellation_policy.fee_value': 'out_of_range' }],
      [{ ...dayAndFee, fee_value: 25.5 }, { 'cancellation_policy.fee_value': 'invalid_type' }],
      [{ ...dayAndFee, fee_kind: 'hourly' }, { 'cancellation_policy.fee_kind': 'not_allowed' }],
      [{ free_hours: 24, reschedule_notice_hours: 0 }, { 'cancellation_policy.fee_kind': 'required' }],
      [{ free_hours: null, fee_kind: 'fixed', fee_value: 2500, reschedule_notice_hours: 0 }, { 'cancellation_policy.fee_kind': 'not_allowed' }],
    ];
    for (const [policy, details] of cases) {
      const res = await call(t.server, 'PATCH', '/api/v1/providers/me', { token: world.providerToken, body: { cancellation_policy: policy } });
      expect(res.status, JSON.stringify(policy)).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', details });
    }
    const own = await call(t.server, 'GET', '/api/v1/providers/me', { token: world.providerToken });
    expect(own.body.cancellation_policy).toEqual(dayAndFee);
  });

  it('is free until and including exactly N hours before the start, and records the fee one second later', async () => {
    const world = await withPolicy(dayAndFee);
    const early = await jobIn(t, world, 'upcoming', start);
    clockAt(-24 * hour - 1000);
    expect((await preview(world, early)).body).toEqual({ fee_cents: 0, free_until: '2026-11-23T14:00:00.000Z', base_cents: 6500, policy: dayAndFee });
    clockAt(-24 * hour);
    expect((await preview(world, early)).body.fee_cents).toBe(0);
    const free = await patch(t, world.clientToken, early, { action: 'cancel', expected_fee_cents: 0 });
    expect(free.body).toMatchObject({ status: 'cancelled_by_client', fee_cents: null, fee_kind: null });

    const late = await jobIn(t, world, 'upcoming', start);
    clockAt(-24 * hour + 1000);
    expect((await preview(world, late)).body.fee_cents).toBe(2500);
    const charged = await patch(t, world.clientToken, late, { action: 'cancel', expected_fee_cents: 2500 });
    expect(charged.status).toBe(200);
    expect(charged.body).toMatchObject({ status: 'cancelled_by_client', fee_cents: 2500, fee_kind: 'late_cancellation' });
    // The provider reads the same fee on the job.
    expect((await call(t.server, 'GET', `/api/v1/jobs/${late}`, { token: world.providerToken })).body).toMatchObject({ fee_cents: 2500 });
  });

  it('takes a percent of the agreed total: the accepted quote when there is one, else the estimate', async () => {
    const policy: CancellationPolicy = { free_hours: 12, fee_kind: 'percent', fee_value: 15, reschedule_notice_hours: 0 };
    const world = await withPolicy(policy);
    const other = await withPolicy(policy);
    const estimated = await jobIn(t, world, 'upcoming', start);
    const quoted = await jobIn(t, other, 'upcoming', start);
    const [quote] = await t.knex('quotes')
      .insert({ job_id: quoted, provider_id: other.providerId, client_id: other.clientId, status: 'accepted', accepted_version: 1, accepted_at: new Date() })
      .returning('id');
    await t.knex('quote_versions').insert({
      quote_id: quote.id, number: 1, lines: JSON.stringify([]), subtotal_cents: 10000, tax_cents: 1150, total_cents: 11150, hours: 1, valid_until: '2026-12-01T00:00:00Z',
    });
    clockAt(-12 * hour + 1000);
    // 15 % of $65 is $9.75; of $111.50, 1672.5 cents: 1673 (half away from zero).
    expect((await preview(world, estimated)).body).toMatchObject({ fee_cents: 975, base_cents: 6500 });
    expect((await preview(other, quoted)).body).toMatchObject({ fee_cents: 1673, base_cents: 11150 });
    expect((await patch(t, other.clientToken, quoted, { action: 'cancel', expected_fee_cents: 1673 })).body).toMatchObject({ fee_cents: 1673 });
  });

  it('never records a fee above the job total', async () => {
    const world = await withPolicy({ free_hours: 48, fee_kind: 'fixed', fee_value: 10000, reschedule_notice_hours: 0 });
    const job = await jobIn(t, world, 'upcoming', start);
    clockAt(-hour);
    expect((await preview(world, job)).body.fee_cents).toBe(6500);
    expect((await patch(t, world.clientToken, job, { action: 'cancel', expected_fee_cents: 6500 })).body).toMatchObject({ fee_cents: 6500 });
  });

  it("never charges for the provider's cancel, nor for a request not yet accepted", async () => {
    const world = await withPolicy(dayAndFee);
    const job = await jobIn(t, world, 'upcoming', start);
    const pending = await jobIn(t, world, 'pending', `${tuesday}T13:00:00-04:00`);
    clockAt(-hour);
    expect((await preview(world, job, world.providerToken)).status).toBe(403);
    const cancelled = await patch(t, world.providerToken, job, { action: 'cancel' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', fee_cents: null, fee_kind: null });
    expect((await preview(world, pending)).body.fee_cents).toBe(0);
    expect((await patch(t, world.clientToken, pending, { action: 'cancel', expected_fee_cents: 0 })).body).toMatchObject({ fee_cents: null });
  });

  it('refuses a cancel whose fee is not the one the client saw, and writes nothing', async () => {
    const world = await withPolicy(dayAndFee);
    const job = await jobIn(t, world, 'upcoming', start);
    // The dialog opened while free; the window closed before the client confirmed.
    clockAt(-24 * hour + 1000);
    const refused = await patch(t, world.clientToken, job, { action: 'cancel', expected_fee_cents: 0 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'cancellation_fee_changed', details: { fee_cents: '2500' } });
    expect(await feeOf(job)).toEqual({ status: 'upcoming', fee_cents: null, fee_kind: null });
    const history = await call(t.server, 'GET', `/api/v1/jobs/${job}/history`, { token: world.clientToken });
    expect(history.body.items.filter((item: { action: string }) => item.action === 'cancel')).toHaveLength(0);

    const bad = await patch(t, world.clientToken, job, { action: 'cancel', expected_fee_cents: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ expected_fee_cents: 'out_of_range' });
    expect((await patch(t, world.clientToken, job, { action: 'request_modification', explanation: 'Otra hora por favor', expected_fee_cents: 0 })).status).toBe(400);
  });

  it('answers the preview to the job client only', async () => {
    const world = await withPolicy(dayAndFee);
    const job = await jobIn(t, world, 'upcoming', start);
    const stranger = await outsider(t);
    expect((await preview(world, job, stranger.token)).body).toMatchObject({ code: 'job_not_found' });
    expect((await preview(world, job, stranger.token)).status).toBe(404);
  });

  it("needs the provider's notice for the client's request for another time; the provider needs none", async () => {
    const world = await withPolicy(dayAndFee);
    const job = await jobIn(t, world, 'upcoming', start);
    const ask = { action: 'request_modification', explanation: 'Necesito otra hora, por favor' };
    clockAt(-12 * hour + 1000);
    const late = await patch(t, world.clientToken, job, ask);
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('reschedule_too_late');
    expect(await feeOf(job)).toMatchObject({ status: 'upcoming' });
    clockAt(-12 * hour);
    const inTime = await patch(t, world.clientToken, job, ask);
    expect(inTime.body).toMatchObject({ status: 'modification_requested' });

    // The provider proposes another time an hour before the start: no notice asked of them.
    clockAt(-hour);
    const proposed = await patch(t, world.providerToken, job, { action: 'propose_schedule', scheduled_start: `${tuesday}T14:00:00-04:00`, duration_hours: 1 });
    expect(proposed.status).toBe(200);
    expect(proposed.body).toMatchObject({ status: 'schedule_change_pending' });
  });

  it('tells both sides of a late cancellation, with the fee', async () => {
    const world = await withPolicy(dayAndFee);
    const job = await jobIn(t, world, 'upcoming', start);
    clockAt(-hour);
    await patch(t, world.clientToken, job, { action: 'cancel', expected_fee_cents: 2500 });
    const row = await t.knex('jobs').where({ id: job }).first();
    const sent = await notifyJobChange(t.server.app.context, eventOf(row, { action: 'cancel', status: 'cancelled_by_client', actor: 'client', from: 'upcoming' }).event, [world.clientId, world.providerId]);
    expect(sent).toBe(2);
    const emailOf = async (id: string) => (await t.knex('users').where({ id }).first('email')).email as string;
    const [toProvider] = await outboxTo(t.knex, await emailOf(world.providerId));
    expect(toProvider!.body).toContain('Ana R. canceló el trabajo. Como se canceló dentro del plazo de la política de cancelación, queda un cargo por cancelación de $25.');
    const [toClient] = await outboxTo(t.knex, await emailOf(world.clientId));
    expect(toClient!.body).toContain('Cancelaste el trabajo con');
    expect(toClient!.body).toContain('queda un cargo por cancelación de $25.');
  });
});
