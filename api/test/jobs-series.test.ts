import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { bookingBody, jobWorld, newClient, newJob, tokenFor, type JobWorld } from './factories.ts';
import { patch } from './api-factories.ts';
import { outsider } from './jobs-fixtures.ts';

const t = useTestServer();

/** Tuesdays from 24 November 2026 at 10:00 in Puerto Rico: the four visits of a weekly series. */
const tuesdays = ['2026-11-24', '2026-12-01', '2026-12-08', '2026-12-15'];
const at = (day: string, time = '10:00') => `${day}T${time}:00-04:00`;

function seriesBody(world: JobWorld, overrides: Record<string, unknown> = {}) {
  return { ...bookingBody(world), every_weeks: 1, visits: 4, ...overrides };
}

const preview = (world: JobWorld, overrides: Record<string, unknown> = {}, token = world.clientToken) =>
  call(t.server, 'POST', '/api/v1/jobs/series/preview', { token, body: seriesBody(world, overrides) });

const bookSeries = (world: JobWorld, overrides: Record<string, unknown> = {}, token = world.clientToken) =>
  call(t.server, 'POST', '/api/v1/jobs/series', { token, body: seriesBody(world, overrides) });

const seriesJobCount = async (providerId: string) =>
  Number(((await t.knex('jobs').where({ provider_id: providerId }).whereNotNull('series_id').count('* as n').first()) as { n: string }).n);

describe('recurring series (POST /jobs/series)', () => {
  it('previews every visit with its conflict, refuses the series whole while one is not skipped, and books the rest', async () => {
    const world = await jobWorld(t);
    await t.knex('blocked_dates').insert({ provider_id: world.providerId, date: tuesdays[2] });
    const other = await newClient(t.knex);
    await newJob(t.knex, { clientId: other, providerId: world.providerId, categoryId: world.categoryId, status: 'upcoming', start: at(tuesdays[1]!, '09:30'), hours: 1 });

    const seen = await preview(world);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      every_weeks: 1,
      visits: [
        { visit: 1, scheduled_start: '2026-11-24T10:00:00-04:00', scheduled_end: '2026-11-24T11:00:00-04:00', conflict: null },
        { visit: 2, scheduled_start: '2026-12-01T10:00:00-04:00', scheduled_end: '2026-12-01T11:00:00-04:00', conflict: 'slot_already_booked' },
        { visit: 3, scheduled_start: '2026-12-08T10:00:00-04:00', scheduled_end: '2026-12-08T11:00:00-04:00', conflict: 'provider_unavailable' },
        { visit: 4, scheduled_start: '2026-12-15T10:00:00-04:00', scheduled_end: '2026-12-15T11:00:00-04:00', conflict: null },
      ],
    });
    // The preview wrote nothing.
    expect(await seriesJobCount(world.providerId)).toBe(0);
    expect(await t.knex('job_series').where({ provider_id: world.providerId })).toEqual([]);

    const refused = await bookSeries(world, { skip: [2] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'series_conflicts', details: { '3': 'provider_unavailable' } });
    expect(await seriesJobCount(world.providerId)).toBe(0);
    expect(await t.knex('job_series').where({ provider_id: world.providerId })).toEqual([]);

    const res = await bookSeries(world, { skip: [2, 3] });
    expect(res.status).toBe(201);
    const jobs = res.body.jobs as { id: string; status: string; scheduled_start: string; series: unknown }[];
    expect(jobs.map((job) => [job.status, job.scheduled_start])).toEqual([
      ['pending', '2026-11-24T10:00:00-04:00'],
      ['pending', '2026-12-15T10:00:00-04:00'],
    ]);
    expect(jobs[1]!.series).toEqual({ id: res.body.series_id, visit: 4, visits: 4, every_weeks: 1 });
    // Each visit is its own job, as any job reads.
    const one = await call(t.server, 'GET', `/api/v1/jobs/${jobs[0]!.id}`, { token: world.providerToken });
    expect(one.body).toMatchObject({ status: 'pending', series: { visit: 1, visits: 4, every_weeks: 1 }, allowed_actions: ['accept', 'decline', 'propose_schedule'] });
  });

  it('counts visits up to a last day, every 2 or 4 weeks, and refuses a series too long with series_too_long', async () => {
    const world = await jobWorld(t);
    const biweekly = await preview(world, { visits: undefined, every_weeks: 2, until: '2027-01-05' });
    expect(biweekly.status).toBe(200);
    expect((biweekly.body.visits as { scheduled_start: string }[]).map((v) => v.scheduled_start.slice(0, 10))).toEqual(['2026-11-24', '2026-12-08', '2026-12-22', '2027-01-05']);

    const tooMany = await bookSeries(world, { visits: 500 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'series_too_long', details: { visits: 'out_of_range' } });
    const tooFar = await preview(world, { visits: undefined, every_weeks: 1, until: '2028-01-01' });
    expect(tooFar.status).toBe(400);
    expect(tooFar.body).toMatchObject({ code: 'series_too_long', details: { until: 'out_of_range' } });
    const both = await preview(world, { until: '2026-12-31' });
    expect(both.status).toBe(400);
    const every3 = await preview(world, { every_weeks: 3 });
    expect(every3.status).toBe(400);
    expect(every3.body.details).toEqual({ every_weeks: 'not_allowed' });
    const one = await preview(world, { visits: undefined, until: '2026-11-25' });
    expect(one.status).toBe(400);
    expect(one.body.details).toEqual({ until: 'out_of_range' });
    expect(await t.knex('job_series').where({ provider_id: world.providerId })).toEqual([]);
  });

  it('books one of two overlapping series sent at once: the other is refused whole with its conflicts', async () => {
    const world = await jobWorld(t);
    const second = await newClient(t.knex);
    const secondToken = tokenFor(t, second);
    const [a, b] = await Promise.all([bookSeries(world), bookSeries(world, { scheduled_start: at(tuesdays[0]!, '10:30') }, secondToken)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.code).toBe('series_conflicts');
    expect(loser.body.details).toEqual({ '1': 'slot_already_booked', '2': 'slot_already_booked', '3': 'slot_already_booked', '4': 'slot_already_booked' });
    expect(await seriesJobCount(world.providerId)).toBe(4);
    expect(await t.knex('job_series').where({ provider_id: world.providerId })).toHaveLength(1);
    // The same client's second series over the first: every visit conflicts, listed before confirming.
    const again = await preview(world, { scheduled_start: at(tuesdays[0]!, '10:45') });
    expect((again.body.visits as { conflict: string | null }[]).map((v) => v.conflict)).toEqual(Array(4).fill('slot_already_booked'));
  });

  it('lets the provider accept the whole series or a single visit, and either side cancel a visit and all that follow', async () => {
    const world = await jobWorld(t);
    const res = await bookSeries(world);
    const seriesId = res.body.series_id as string;
    const ids = (res.body.jobs as { id: string }[]).map((job) => job.id);

    const single = await patch(t, world.providerToken, ids[0]!, { action: 'accept', estimated_hours: 1 });
    expect(single.status).toBe(200);
    expect(single.body.status).toBe('upcoming');
    const byClient = await call(t.server, 'POST', `/api/v1/jobs/series/${seriesId}/accept`, { token: world.clientToken, body: {} });
    expect(byClient.status).toBe(403);
    const stranger = await outsider(t);
    const byStranger = await call(t.server, 'POST', `/api/v1/jobs/series/${seriesId}/accept`, { token: stranger.token, body: {} });
    expect(byStranger.status).toBe(404);
    expect(byStranger.body.code).toBe('series_not_found');

    const all = await call(t.server, 'POST', `/api/v1/jobs/series/${seriesId}/accept`, { token: world.providerToken, body: { estimated_hours: 1.5 } });
    expect(all.status).toBe(200);
    expect((all.body.jobs as { status: string; estimated_hours: number }[]).map((job) => [job.status, job.estimated_hours])).toEqual([
      ['upcoming', 1],
      ['upcoming', 1.5],
      ['upcoming', 1.5],
      ['upcoming', 1.5],
    ]);
    const twice = await call(t.server, 'POST', `/api/v1/jobs/series/${seriesId}/accept`, { token: world.providerToken, body: {} });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('invalid_transition');

    const wrongFee = await call(t.server, 'POST', `/api/v1/jobs/series/${seriesId}/cancel`, { token: world.clientToken, body: { from_job_id: ids[2], expected_fee_cents: 500 } });
    expect(wrongFee.status).toBe(409);
    expect(wrongFee.body).toMatchObject({ code: 'cancellation_fee_changed', details: { fee_cents: '0' } });
    const cancelled = await call(t.server, 'POST', `/api/v1/jobs/series/${seriesId}/cancel`, { token: world.clientToken, body: { from_job_id: ids[2], expected_fee_cents: 0 } });
    expect(cancelled.status).toBe(200);
    expect((cancelled.body.jobs as { status: string }[]).map((job) => job.status)).toEqual(['upcoming', 'upcoming', 'cancelled_by_client', 'cancelled_by_client']);
    // One visit alone, by the provider, through the job's own cancel.
    const one = await patch(t, world.providerToken, ids[1]!, { action: 'cancel' });
    expect(one.body.status).toBe('cancelled');
    const read = await call(t.server, 'GET', `/api/v1/jobs/series/${seriesId}`, { token: world.clientToken });
    expect((read.body.jobs as { status: string }[]).map((job) => job.status)).toEqual(['upcoming', 'cancelled', 'cancelled_by_client', 'cancelled_by_client']);
    const nothingLeft = await call(t.server, 'POST', `/api/v1/jobs/series/${seriesId}/cancel`, { token: world.providerToken, body: { from_job_id: ids[1] } });
    expect(nothingLeft.status).toBe(409);
    const notAVisit = await call(t.server, 'POST', `/api/v1/jobs/series/${seriesId}/cancel`, { token: world.clientToken, body: { from_job_id: stranger.id } });
    expect(notAVisit.status).toBe(404);
  });
});
