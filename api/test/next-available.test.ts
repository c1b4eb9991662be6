import { beforeAll, describe, expect, it } from 'vitest';
import { defaultBusinessHours, type JobStatus } from '@resuelve/contract';
import { useTestServer } from './server.ts';
import { newClient, newJob, newProvider } from './factories.ts';

/**
 * provider_next_available (migration 0016) walks the days in memory; provider_free_slots
 * (migration 0010) is the rule itself. For many moments and durations, both must name the same
 * first free start.
 */
const t = useTestServer();
const providers: Record<string, string> = {};

beforeAll(async () => {
  const client = await newClient(t.knex);
  providers.busy = await newProvider(t.knex, {
    company_name: 'Agenda Llena',
    // Opens at 07:10 (first start 07:15), closes 16:50; Saturday morning only; closed Sunday.
    business_hours: {
      ...defaultBusinessHours,
      monday: { open: true, from: '07:10', to: '16:50' },
      tuesday: { open: true, from: '07:10', to: '16:50' },
      saturday: { open: true, from: '08:00', to: '12:00' },
      sunday: { open: false, from: '08:00', to: '17:00' },
    },
  });
  providers.quiet = await newProvider(t.knex, { company_name: 'Siempre Libre' });
  await t.knex('blocked_dates').insert({ provider_id: providers.busy, date: '2026-11-25' });
  // Monday 2026-11-23 (UTC-4): jobs back to back, one ending off the quarter hours, a cancelled one.
  const jobs: [string, number, JobStatus?][] = [
    ['2026-11-23T11:15:00Z', 90],
    ['2026-11-23T12:45:00Z', 50],
    ['2026-11-23T13:40:00Z', 120],
    ['2026-11-23T16:00:00Z', 45, 'cancelled'],
    ['2026-11-23T17:05:00Z', 60],
    ['2026-11-24T11:15:00Z', 9 * 60],
    ['2026-11-28T12:00:00Z', 60, 'pending'],
  ];
  for (const [start, minutes, status] of jobs) {
    await newJob(t.knex, { providerId: providers.busy!, clientId: client, start, hours: minutes / 60, status });
  }
  // A proposed alternative time awaiting the client holds the provider's time too (DESIGN.md §5).
  const proposed = await newJob(t.knex, { providerId: providers.busy!, clientId: client, start: '2026-11-30T12:00:00Z', hours: 1 });
  await t.knex('jobs').where({ id: proposed.id }).update({
    status: 'schedule_change_pending',
    proposed_start: new Date('2026-11-23T19:00:00Z'),
    proposed_end: new Date('2026-11-23T20:15:00Z'),
  });
});

async function both(provider: string, now: string, minutes: number, days: number) {
  const { rows } = await t.knex.raw<{ rows: { fast: Date | null; rule: Date | null }[] }>(
    `SELECT provider_next_available(:provider, :now, :minutes, :days) AS fast,
            (SELECT f.slot_start
               FROM providers p, generate_series(0, :days - 1) AS i,
                    LATERAL provider_free_slots(p.id, (:now::timestamptz AT TIME ZONE p.timezone)::date + i, :minutes, :now) AS f
              WHERE p.id = :provider ORDER BY f.slot_start LIMIT 1) AS rule`,
    { provider, now, minutes, days },
  );
  return rows[0]!;
}

describe('provider_next_available', () => {
  it('names the same first free start as the free-slot rule, moment after moment', async () => {
    const start = Date.parse('2026-11-22T20:00:00Z');
    let compared = 0;
    for (let offset = 0; offset < 4 * 24 * 60; offset += 53) {
      const now = new Date(start + offset * 60_000).toISOString();
      for (const minutes of [15, 60, 150]) {
        for (const days of [1, 3, 14]) {
          const { fast, rule } = await both(providers.busy!, now, minutes, days);
          expect({ now, minutes, days, fast: fast?.toISOString() ?? null }).toEqual({ now, minutes, days, fast: rule?.toISOString() ?? null });
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(900);
  });

  it('finds the next quarter hour for a provider with nothing booked, and nothing for a long duration', async () => {
    expect((await both(providers.quiet!, '2026-11-23T14:07:00Z', 60, 14)).fast?.toISOString()).toBe('2026-11-23T14:15:00.000Z');
    expect((await both(providers.busy!, '2026-11-23T14:07:00Z', 12 * 60, 14)).fast).toBeNull();
  });
});
