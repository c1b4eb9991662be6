import { beforeAll, describe, expect, it } from 'vitest';
import { defaultBusinessHours } from '@resuelve/contract';
import { slotIsFree } from '../src/modules/availability/service.ts';
import { call, useTestServer } from './server.ts';
import { newClient, newJob, newProvider, setClock, tokenFor } from './factories.ts';

const t = useTestServer();
let client: string;
let token: string;

// 2026-11-22 is a Sunday, 2026-11-23 a Monday. Puerto Rico is UTC-4 all year.
const saturdayMorning = '2026-11-21T12:00:00Z';

beforeAll(async () => {
  client = await newClient(t.knex);
  token = tokenFor(t, client);
});

async function availability(provider: string, query: string) {
  return call(t.server, 'GET', `/api/v1/providers/${provider}/availability?${query}`, { token });
}

const startsOf = (body: { slots: { start: string }[] }) => body.slots.map((slot) => slot.start.slice(11, 16));

describe('GET /providers/{id}/availability', () => {
  it('lists the business hours of the weekday on quarter hours, in the provider zone with its offset', async () => {
    setClock(t, saturdayMorning);
    const provider = await newProvider(t.knex);
    const answer = await availability(provider, 'date=2026-11-23');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ date: '2026-11-23', duration: 60, timezone: 'America/Puerto_Rico', reason: null });
    expect(answer.body.slots[0]).toEqual({ start: '2026-11-23T08:00:00-04:00', end: '2026-11-23T09:00:00-04:00' });
    expect(answer.body.slots.at(-1)).toEqual({ start: '2026-11-23T16:00:00-04:00', end: '2026-11-23T17:00:00-04:00' });
    expect(answer.body.slots).toHaveLength(33); // 08:00 … 16:00 every 15 minutes
    expect(new Date(answer.body.slots[0].start).toISOString()).toBe('2026-11-23T12:00:00.000Z');
  });

  it('says closed_weekday on a day the provider does not open', async () => {
    setClock(t, saturdayMorning);
    const provider = await newProvider(t.knex);
    const answer = await availability(provider, 'date=2026-11-22');
    expect(answer.body).toMatchObject({ slots: [], reason: 'closed_weekday' });
  });

  it('says blocked_date on a blocked day', async () => {
    setClock(t, saturdayMorning);
    const provider = await newProvider(t.knex);
    await t.knex('blocked_dates').insert({ provider_id: provider, date: '2026-11-23', reason: 'Vacaciones' });
    expect((await availability(provider, 'date=2026-11-23')).body).toMatchObject({ slots: [], reason: 'blocked_date' });
    expect((await availability(provider, 'date=2026-11-24')).body.slots.length).toBeGreaterThan(0);
  });

  it('says fully_booked when held jobs take the whole day, and ignores jobs that no longer hold time', async () => {
    setClock(t, saturdayMorning);
    const provider = await newProvider(t.knex);
    await newJob(t.knex, { providerId: provider, clientId: client, start: '2026-11-23T12:00:00Z', hours: 4, status: 'upcoming' });
    await newJob(t.knex, { providerId: provider, clientId: client, start: '2026-11-23T16:00:00Z', hours: 5, status: 'pending' });
    await newJob(t.knex, { providerId: provider, clientId: client, start: '2026-11-24T12:00:00Z', hours: 9, status: 'cancelled' });
    expect((await availability(provider, 'date=2026-11-23')).body).toMatchObject({ slots: [], reason: 'fully_booked' });
    expect((await availability(provider, 'date=2026-11-24')).body.slots).toHaveLength(33);
  });

  it('leaves out the slots a held job overlaps, for the asked duration in minutes', async () => {
    setClock(t, saturdayMorning);
    const provider = await newProvider(t.knex);
    await newJob(t.knex, { providerId: provider, clientId: client, start: '2026-11-23T14:00:00Z', hours: 1 }); // 10:00–11:00 local
    const answer = await availability(provider, 'date=2026-11-23&duration=90');
    expect(answer.body.duration).toBe(90);
    const starts = startsOf(answer.body);
    expect(starts).toContain('08:30'); // ends 10:00, touching the job
    expect(starts).not.toContain('08:45');
    expect(starts).not.toContain('10:45');
    expect(starts).toContain('11:00');
    expect(starts.at(-1)).toBe('15:30'); // ends at closing, 17:00
    expect(answer.body.slots[0]).toEqual({ start: '2026-11-23T08:00:00-04:00', end: '2026-11-23T09:30:00-04:00' });
  });

  it('today leaves out the slots that have begun, starting at the next quarter hour', async () => {
    setClock(t, '2026-11-23T14:07:00Z'); // 10:07 in San Juan
    const provider = await newProvider(t.knex);
    const today = await availability(provider, ''); // no date: the provider's today
    expect(today.body.date).toBe('2026-11-23');
    expect(startsOf(today.body)[0]).toBe('10:15');
    setClock(t, '2026-11-23T21:30:00Z'); // 17:30, closed
    expect((await availability(provider, 'date=2026-11-23')).body).toMatchObject({ slots: [], reason: null });
    expect((await availability(provider, 'date=2026-11-20')).body.slots).toEqual([]);
  });

  it('starts slots on quarter hours even when the hours open off a quarter', async () => {
    setClock(t, saturdayMorning);
    const provider = await newProvider(t.knex, {
      business_hours: { ...defaultBusinessHours, monday: { open: true, from: '08:10', to: '10:00' } },
    });
    const starts = startsOf((await availability(provider, 'date=2026-11-23')).body);
    expect(starts).toEqual(['08:15', '08:30', '08:45', '09:00']);
  });

  it("reads hours in the provider's own time zone", async () => {
    setClock(t, saturdayMorning);
    const provider = await newProvider(t.knex, { timezone: 'America/New_York' });
    const answer = await availability(provider, 'date=2026-11-23');
    expect(answer.body.timezone).toBe('America/New_York');
    expect(answer.body.slots[0].start).toBe('2026-11-23T08:00:00-05:00');
  });

  it('answers 404 for an unknown or not yet public provider, 401 for visitors, 400 for an odd duration', async () => {
    const hidden = await newProvider(t.knex, { onboarded: false });
    expect((await availability(hidden, 'date=2026-11-23')).status).toBe(404);
    expect((await availability('9b2f3c1e-8a4d-4f6b-9c2e-1a2b3c4d5e6f', 'date=2026-11-23')).status).toBe(404);
    const visitor = await call(t.server, 'GET', `/api/v1/providers/${hidden}/availability`);
    expect(visitor.status).toBe(401);
    const odd = await availability(hidden, 'date=2026-11-23&duration=20');
    expect(odd.status).toBe(400);
    expect(odd.body.details).toHaveProperty('duration');
    expect((await availability(hidden, 'date=2026-02-30')).body.details).toEqual({ date: 'invalid_date' });
  });
});

describe('GET /providers/me/availability and the days list', () => {
  it("gives a provider their own slots, even before onboarding is finished, and refuses clients", async () => {
    setClock(t, saturdayMorning);
    const provider = await newProvider(t.knex, { onboarded: false });
    const mine = await call(t.server, 'GET', '/api/v1/providers/me/availability?date=2026-11-23', { token: tokenFor(t, provider, true) });
    expect(mine.status).toBe(200);
    expect(mine.body.slots).toHaveLength(33);
    expect((await call(t.server, 'GET', '/api/v1/providers/me/availability', { token })).status).toBe(403);
  });

  it('lists 30 days from today with each day’s reason', async () => {
    setClock(t, saturdayMorning);
    const provider = await newProvider(t.knex);
    await t.knex('blocked_dates').insert({ provider_id: provider, date: '2026-11-26' });
    const answer = await call(t.server, 'GET', `/api/v1/providers/${provider}/availability/days?days=30`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.items).toHaveLength(30);
    expect(answer.body.items[0].date).toBe('2026-11-21');
    expect(answer.body.items[29].date).toBe('2026-12-20');
    const byDate = Object.fromEntries(answer.body.items.map((day: { date: string; reason: string | null }) => [day.date, day.reason]));
    expect(byDate).toMatchObject({ '2026-11-22': 'closed_weekday', '2026-11-26': 'blocked_date', '2026-11-23': null });
  });
});

describe('slotIsFree (the check a booking makes)', () => {
  it('agrees with the listed slots', async () => {
    const now = new Date(saturdayMorning);
    const provider = await newProvider(t.knex);
    await newJob(t.knex, { providerId: provider, clientId: client, start: '2026-11-23T14:00:00Z', hours: 1 });
    expect(await slotIsFree(t.knex, provider, new Date('2026-11-23T12:00:00Z'), 60, now)).toBe(true);
    expect(await slotIsFree(t.knex, provider, new Date('2026-11-23T13:30:00Z'), 60, now)).toBe(false);
    expect(await slotIsFree(t.knex, provider, new Date('2026-11-23T12:10:00Z'), 60, now)).toBe(false);
    expect(await slotIsFree(t.knex, provider, new Date('2026-11-22T14:00:00Z'), 60, now)).toBe(false);
  });

  it('is backed by the database refusing two held jobs that overlap', async () => {
    const provider = await newProvider(t.knex);
    await newJob(t.knex, { providerId: provider, clientId: client, start: '2026-12-01T14:00:00Z', hours: 1 });
    await expect(newJob(t.knex, { providerId: provider, clientId: client, start: '2026-12-01T14:30:00Z', hours: 1 })).rejects.toThrow(/jobs_no_overlapping_held_time/);
    await newJob(t.knex, { providerId: provider, clientId: client, start: '2026-12-01T14:30:00Z', hours: 1, status: 'cancelled' });
  });
});
