/**
 * One price (issue 27): a job's price comes from the provider's public rate as it was when the job
 * was accepted, over the job's one duration (the booked time); once completed, over the worked
 * time. Before, a job had no price at all and earnings read a private rate most providers never set.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestServer } from './server.ts';
import { jobWorld, setClock, tuesday } from './factories.ts';
import { booked, patch } from './api-factories.ts';
import { jobIn } from './jobs-fixtures.ts';

const t = useTestServer();

const at = (time: string, day = tuesday) => `${day}T${time}:00-04:00`;
const hourly = { amount_cents: 6500, unit: 'hour', from: true } as const;

describe("a job's price", () => {
  it('has none while pending, the estimate once accepted, and keeps the rate of acceptance when the rate changes', async () => {
    const world = await jobWorld(t, { rate: hourly });
    const job = await booked(t, world);
    expect(job).toMatchObject({ price: null });
    const accepted = await patch(t, world.providerToken, job.id, { action: 'accept', estimated_hours: 1.5 });
    expect(accepted.body.price).toEqual({ rate: { amount_cents: 6500, unit: 'hour' }, estimate_cents: 9750, total_cents: null });

    const raised = await call(t.server, 'PATCH', '/api/v1/providers/me', { token: world.providerToken, body: { rate: { amount_cents: 8000, unit: 'hour', from: false } } });
    expect(raised.status).toBe(200);
    const read = await call(t.server, 'GET', `/api/v1/jobs/${job.id}`, { token: world.clientToken });
    expect(read.body.price).toEqual({ rate: { amount_cents: 6500, unit: 'hour' }, estimate_cents: 9750, total_cents: null });
  });

  it('once completed, totals the worked time at the kept rate, rounded half away from zero to the cent', async () => {
    const world = await jobWorld(t, { rate: { amount_cents: 4550, unit: 'hour', from: false } });
    const job = await jobIn(t, world, 'upcoming', at('09:00'), 2);
    const clock = setClock(t, '2026-11-24T13:05:00Z'); // Tuesday 09:05 in San Juan
    await call(t.server, 'POST', `/api/v1/jobs/${job}/start`, { token: world.providerToken });
    clock.advance(101 * 60_000); // 1 h 41 min: 1.75 worked hours
    const ended = await call(t.server, 'POST', `/api/v1/jobs/${job}/end`, { token: world.providerToken });
    // 105 minutes at $45.50 an hour is 7962.5 cents: 7963.
    expect(ended.body).toMatchObject({ status: 'completed', actual_hours: 1.75, price: { estimate_cents: 9100, total_cents: 7963 } });
  });

  it('prices a visit rate once whatever the time, and a completed job without worked time at its estimate', async () => {
    const world = await jobWorld(t, { rate: { amount_cents: 8000, unit: 'visit', from: false } });
    const visit = await jobIn(t, world, 'completed', at('09:00'), 3);
    const read = await call(t.server, 'GET', `/api/v1/jobs/${visit}`, { token: world.providerToken });
    expect(read.body.price).toEqual({ rate: { amount_cents: 8000, unit: 'visit' }, estimate_cents: 8000, total_cents: 8000 });
  });

  it('has none for a provider who states no rate', async () => {
    const world = await jobWorld(t, { rate: null });
    const job = await jobIn(t, world, 'upcoming', at('09:00'));
    expect((await call(t.server, 'GET', `/api/v1/jobs/${job}`, { token: world.clientToken })).body.price).toBeNull();
  });
});
