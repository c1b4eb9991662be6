import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '../src/lib/events.ts';
import { call, useTestServer } from './server.ts';
import { bookingBody, jobWorld, newClient, newProvider, tokenFor, tuesday } from './factories.ts';
import { book, booked, patch } from './api-factories.ts';
import { jobIn } from './jobs-fixtures.ts';

const t = useTestServer();

const at = (time: string, day = tuesday) => `${day}T${time}:00-04:00`;

describe('booking a provider (POST /jobs)', () => {
  it('books a free slot: 201 with the pending job, times in the provider zone, the client may cancel', async () => {
    const world = await jobWorld(t);
    const events: { recipients: string[]; event: DomainEvent }[] = [];
    const stop = t.server.app.context.events.subscribeAll((event, recipients) => void events.push({ recipients, event }));
    const res = await book(t, world);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      client_id: world.clientId,
      provider_id: world.providerId,
      scheduled_start: '2026-11-24T10:00:00-04:00',
      scheduled_end: '2026-11-24T11:00:00-04:00',
      duration_hours: 1,
      estimated_hours: null,
      session_number: 1,
      total_sessions: 1,
      original_job_id: null,
      location_type: 'on_site',
      location_address: null,
      timezone: 'America/Puerto_Rico',
      allowed_actions: ['cancel'],
    });
    expect(res.body.provider.name).toMatch(/Empresa/);
    const history = await call(t.server, 'GET', `/api/v1/jobs/${res.body.id}/history`, { token: world.providerToken });
    expect(history.body.items).toEqual([
      expect.objectContaining({ from_status: null, to_status: 'pending', action: 'book', actor: 'client', actor_id: world.clientId }),
    ]);
    // Events cross processes through PostgreSQL: they arrive a moment after the answer.
    await vi.waitFor(() => expect(events.some((e) => 'job_id' in e.event && e.event.job_id === res.body.id)).toBe(true));
    stop();
    expect(events.filter((e) => 'job_id' in e.event && e.event.job_id === res.body.id)).toEqual([
      { recipients: [world.clientId, world.providerId], event: expect.objectContaining({ type: 'job.changed', job_id: res.body.id, status: 'pending', action: 'book' }) },
    ]);
    // The provider sees the same job with their own actions.
    const seen = await call(t.server, 'GET', `/api/v1/jobs/${res.body.id}`, { token: world.providerToken });
    expect(seen.body.allowed_actions).toEqual(['accept', 'decline', 'propose_schedule']);
  });

  it('keeps the custom address of client_location only, and requires it there', async () => {
    const world = await jobWorld(t);
    const custom = await book(t, world, { location_type: 'client_location', location_address: 'Calle Luna 12, Ponce' });
    expect(custom.status).toBe(201);
    expect(custom.body.location_address).toBe('Calle Luna 12, Ponce');
    const missing = await book(t, world, { location_type: 'client_location', scheduled_start: at('13:00') });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual({ location_address: 'required' });
    const stray = await book(t, world, { location_type: 'remote', location_address: 'Calle Luna 12', scheduled_start: at('13:00') });
    expect(stray.status).toBe(400);
  });

  it('books without a title (or a blank one): the job is named after the service and the provider, in the client\'s language', async () => {
    const world = await jobWorld(t);
    const { company_name: name } = (await t.knex('providers').where({ id: world.providerId }).first('company_name')) as { company_name: string };
    const untitled = await book(t, world, { title: undefined });
    expect(untitled.status).toBe(201);
    expect(untitled.body.title).toBe(`Plomería con ${name}`);
    await t.knex('profiles').where({ id: world.clientId }).update({ language: 'en' });
    const blank = await book(t, world, { title: '   ', scheduled_start: at('13:00') });
    expect(blank.status).toBe(201);
    expect(blank.body.title).toBe(`Plumbing with ${name}`);
    const short = await book(t, world, { title: 'ab', scheduled_start: at('14:00') });
    expect(short.status).toBe(400);
    expect(short.body.details).toEqual({ title: 'too_short' });
  });

  it.each([
    ['an unknown provider', 'provider_not_found', 404],
    ['a provider who has not finished onboarding', 'provider_not_found', 404],
  ])('refuses %s with %s', async (label, code, status) => {
    const world = await jobWorld(t);
    const providerId = label.startsWith('an unknown') ? randomUUID() : await newProvider(t.knex, { categories: ['plumbing'], onboarded: false });
    const res = await book(t, world, { provider_id: providerId });
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
  });

  it('refuses a service the provider does not offer', async () => {
    const world = await jobWorld(t);
    const other = ((await t.knex('categories').whereNot({ slug: 'plumbing' }).first('id')) as { id: number }).id;
    const res = await book(t, world, { category_id: other });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ category_id: 'not_allowed' });
  });

  it.each([
    ['a time already past', at('07:45', '2026-11-23'), 'time_not_available'],
    ['a start off the quarter hours', at('10:05'), 'time_not_available'],
    ['a Sunday (closed weekday)', at('10:00', '2026-11-29'), 'provider_closed_weekday'],
    ['before opening', at('07:00'), 'outside_business_hours'],
    ['a job running past closing', at('16:30'), 'outside_business_hours'],
    ['a Saturday afternoon (shorter hours)', at('13:00', '2026-11-28'), 'outside_business_hours'],
  ])('refuses %s with 409 %s', async (_label, start, code) => {
    const world = await jobWorld(t);
    const res = await book(t, world, { scheduled_start: start });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code, status: 409 });
  });

  it('refuses a blocked day with 409 provider_unavailable', async () => {
    const world = await jobWorld(t);
    await t.knex('blocked_dates').insert({ provider_id: world.providerId, date: tuesday });
    const res = await book(t, world);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('provider_unavailable');
  });

  it('refuses a taken slot with 409 slot_already_booked, and an overlapping one too', async () => {
    const world = await jobWorld(t);
    await booked(t, world);
    for (const start of [at('10:00'), at('10:45'), at('09:15')]) {
      const res = await book(t, world, { scheduled_start: start });
      expect(res.status, start).toBe(409);
      expect(res.body.code, start).toBe('slot_already_booked');
    }
    expect((await book(t, world, { scheduled_start: at('11:00') })).status).toBe(201);
  });

  it('books exactly what availability lists: the first and last listed slots, nothing after', async () => {
    const world = await jobWorld(t);
    const day = await call(t.server, 'GET', `/api/v1/providers/${world.providerId}/availability?date=${tuesday}&duration=120`, { token: world.clientToken });
    const slots = day.body.slots as { start: string }[];
    expect(slots.length).toBeGreaterThan(2);
    const after = new Date(new Date(slots.at(-1)!.start).getTime() + 15 * 60_000).toISOString();
    const late = await book(t, world, { scheduled_start: after, duration_hours: 2 });
    expect(late.body.code).toBe('outside_business_hours');
    expect((await book(t, world, { scheduled_start: slots[0]!.start, duration_hours: 2 })).status).toBe(201);
    expect((await book(t, world, { scheduled_start: slots.at(-1)!.start, duration_hours: 2 })).status).toBe(201);
  });

  it('refuses a provider account and a client who has not finished onboarding', async () => {
    const world = await jobWorld(t);
    const asProvider = await call(t.server, 'POST', '/api/v1/jobs', { token: world.providerToken, body: bookingBody(world) });
    expect(asProvider.status).toBe(403);
    const unfinished = await newClient(t.knex);
    await t.knex('profiles').where({ id: unfinished }).update({ is_onboarded: false });
    const early = await call(t.server, 'POST', '/api/v1/jobs', { token: tokenFor(t, unfinished), body: bookingBody(world) });
    expect(early.body.code).toBe('onboarding_incomplete');
  });

  it('validates hours in quarter steps and an ISO time with its offset', async () => {
    const world = await jobWorld(t);
    expect((await book(t, world, { duration_hours: 0.2 })).body.details).toEqual({ duration_hours: 'out_of_range' });
    expect((await book(t, world, { duration_hours: 1.1 })).body.details).toEqual({ duration_hours: 'out_of_range' });
    expect((await book(t, world, { scheduled_start: '2026-11-24 10:00' })).body.details).toEqual({ scheduled_start: 'invalid_date' });
    expect((await book(t, world, { scheduled_start: '2026-11-24T10:00:00' })).body.details).toEqual({ scheduled_start: 'invalid_date' });
  });
});

describe('Idempotency-Key on POST /jobs', () => {
  it('answers a repeat with the same key and body with the first answer, and books once', async () => {
    const world = await jobWorld(t);
    const key = randomUUID();
    const first = await book(t, world, {}, { 'Idempotency-Key': key });
    const again = await book(t, world, {}, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await t.knex('jobs').where({ client_id: world.clientId }).count<{ count: number }[]>('* as count')).toEqual([{ count: 1 }]);
  });

  it('refuses the same key with another body with 422 idempotency_key_reused', async () => {
    const world = await jobWorld(t);
    const key = randomUUID();
    expect((await book(t, world, {}, { 'Idempotency-Key': key })).status).toBe(201);
    const other = await book(t, world, { scheduled_start: at('14:00') }, { 'Idempotency-Key': key });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_reused');
  });

  it('answers concurrent repeats of one key with one job', async () => {
    const world = await jobWorld(t);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => book(t, world, {}, { 'Idempotency-Key': key })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
  });

  it('lets a failed request be retried with its key (failures are not kept)', async () => {
    const world = await jobWorld(t);
    const key = randomUUID();
    await t.knex('blocked_dates').insert({ provider_id: world.providerId, date: tuesday });
    expect((await book(t, world, {}, { 'Idempotency-Key': key })).status).toBe(409);
    await t.knex('blocked_dates').where({ provider_id: world.providerId }).delete();
    expect((await book(t, world, {}, { 'Idempotency-Key': key })).status).toBe(201);
  });
});

describe('no double booking, by construction', () => {
  async function race(starts: string[], hours: number) {
    const world = await jobWorld(t);
    const clients = await Promise.all(starts.map(() => newClient(t.knex)));
    const answers = await Promise.all(
      starts.map((start, i) =>
        call(t.server, 'POST', '/api/v1/jobs', { token: tokenFor(t, clients[i]!), body: bookingBody(world, { scheduled_start: start, duration_hours: hours }) }),
      ),
    );
    const held = await t.knex('jobs').where({ provider_id: world.providerId }).count<{ count: number }[]>('* as count');
    return { statuses: answers.map((a) => a.status), codes: answers.filter((a) => a.status !== 201).map((a) => a.body.code), held: held[0]!.count };
  }

  it('creates exactly one of 200 concurrent bookings of one slot; the rest are 409 slot_already_booked', async () => {
    const { statuses, codes, held } = await race(Array(200).fill(at('10:00')), 1);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s >= 500)).toHaveLength(0);
    expect(codes).toEqual(Array(199).fill('slot_already_booked'));
    expect(held).toBe(1);
  }, 30_000);

  it('creates exactly one of 200 concurrent bookings at overlapping starts 15 minutes apart', async () => {
    const starts = Array.from({ length: 200 }, (_, i) => at(['10:00', '10:15', '10:30', '10:45', '11:00', '11:15'][i % 6]!));
    const { statuses, codes, held } = await race(starts, 1.5);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s >= 500)).toHaveLength(0);
    expect(codes).toEqual(Array(199).fill('slot_already_booked'));
    expect(held).toBe(1);
  }, 30_000);

  it('refuses a raw SQL insert of an overlapping held time', async () => {
    const world = await jobWorld(t);
    await jobIn(t, world, 'upcoming', at('10:00'));
    await expect(jobIn(t, world, 'pending', at('10:30'))).rejects.toThrow(/jobs_no_overlapping_held_time/);
    // A finished job holds nothing: the same time is free for a new one.
    await expect(jobIn(t, world, 'cancelled', at('10:30'))).resolves.toBeTruthy();
  });
});

describe('a proposed alternative time is held until answered', () => {
  it('refuses a proposal overlapping another job with 409 slot_already_booked', async () => {
    const world = await jobWorld(t);
    await jobIn(t, world, 'upcoming', at('10:00'));
    const pending = await jobIn(t, world, 'pending', at('13:00'));
    const res = await patch(t, world.providerToken, pending, { action: 'propose_schedule', scheduled_start: at('10:30'), duration_hours: 1 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('slot_already_booked');
    const ok = await patch(t, world.providerToken, pending, { action: 'propose_schedule', scheduled_start: at('13:30'), duration_hours: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'schedule_change_pending', proposed_start: at('13:30'), proposed_end: at('14:30') });
  });

  it('refuses a booking over a proposed time, and availability does not list it', async () => {
    const world = await jobWorld(t);
    const pending = await jobIn(t, world, 'pending', at('09:00'));
    expect((await patch(t, world.providerToken, pending, { action: 'propose_schedule', scheduled_start: at('15:00'), duration_hours: 1 })).status).toBe(200);
    const res = await book(t, world, { scheduled_start: at('15:00') });
    expect(res.body.code).toBe('slot_already_booked');
    const day = await call(t.server, 'GET', `/api/v1/providers/${world.providerId}/availability?date=${tuesday}&duration=60`, { token: world.clientToken });
    const starts = (day.body.slots as { start: string }[]).map((s) => s.start);
    expect(starts).not.toContain(at('15:00'));
    expect(starts).not.toContain(at('14:15'));
    expect(starts).toContain(at('16:00'));
  });

  it('refuses a raw SQL proposal over another job, and frees the time once answered', async () => {
    const world = await jobWorld(t);
    await jobIn(t, world, 'upcoming', at('10:00'));
    const pending = await jobIn(t, world, 'pending', at('13:00'));
    await expect(
      t.knex('jobs').where({ id: pending }).update({ status: 'schedule_change_pending', proposed_start: new Date(at('10:30')), proposed_end: new Date(at('11:30')) }),
    ).rejects.toThrow(/jobs_no_overlapping_held_time/);
    const proposal = await patch(t, world.providerToken, pending, { action: 'propose_schedule', scheduled_start: at('15:00'), duration_hours: 1 });
    expect(proposal.status).toBe(200);
    const accepted = await patch(t, world.clientToken, pending, { action: 'accept_schedule' });
    expect(accepted.body).toMatchObject({ status: 'upcoming', scheduled_start: at('15:00'), proposed_start: null });
    // The old time is free again.
    expect((await book(t, world, { scheduled_start: at('13:00') })).status).toBe(201);
  });
});
