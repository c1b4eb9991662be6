/**
 * What the write benches share (bench/booking.ts, bench/quotes.ts): their clients, made once and
 * kept between runs, the removal of their bookings, and free one-hour slots of many providers.
 */
import type { createKnex } from '../api/src/db/knex.ts';
import { newClient } from '../api/test/factories.ts';

type Knex = ReturnType<typeof createKnex>;

/** 50 onboarded client accounts of the bench (made once, kept between runs). */
export async function benchClients(knex: Knex, count: number, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const existing = (await knex('users').where({ email: `${prefix}-${i}@example.invalid` }).first('id')) as { id: string } | undefined;
    ids.push(existing?.id ?? (await newClient(knex, { email: `${prefix}-${i}@example.invalid`, first_name: 'Bench', last_name: `Cliente ${i}` })));
  }
  return ids;
}

export async function removeBenchBookings(knex: Knex, clientIds: string[]): Promise<void> {
  await knex('jobs').whereIn('client_id', clientIds).delete();
  await knex('idempotency_keys').whereIn('user_id', clientIds).delete();
}

export interface Target {
  provider_id: string;
  category_id: number;
  scheduled_start: string;
}

/**
 * Free, mutually apart one-hour slots of many listed providers on one weekday 3 to 5 weeks
 * ahead (past the island's own bookings mostly), each provider with one of its own services.
 */
export async function freeTargets(knex: Knex, providerCount: number, wanted: number): Promise<Target[]> {
  const { rows: providers } = await knex.raw<{ rows: { id: string; category_id: number }[] }>(
    `SELECT pr.id, (SELECT min(pc.category_id) FROM provider_categories pc WHERE pc.provider_id = pr.id) AS category_id
     FROM providers pr WHERE pr.listed ORDER BY md5(pr.id::text) LIMIT ?`,
    [providerCount],
  );
  const targets: Target[] = [];
  const now = new Date();
  for (let week = 3; week <= 5 && targets.length < wanted; week += 1) {
    const day = new Date(now.getTime() + week * 7 * 86_400_000);
    const date = day.toISOString().slice(0, 10);
    for (const provider of providers) {
      if (!provider.category_id) continue;
      const { rows } = await knex.raw<{ rows: { slot_start: Date }[] }>('SELECT slot_start FROM provider_free_slots(?, ?::date, 60, ?)', [provider.id, date, now]);
      let lastEnd = 0;
      for (const { slot_start: start } of rows) {
        if (start.getTime() < lastEnd) continue;
        targets.push({ provider_id: provider.id, category_id: provider.category_id, scheduled_start: start.toISOString() });
        lastEnd = start.getTime() + 3_600_000;
      }
      if (targets.length >= wanted) break;
    }
  }
  // Round robin over providers: concurrent bookings go to different providers, as on the island.
  const byProvider = new Map<string, Target[]>();
  for (const target of targets) byProvider.set(target.provider_id, [...(byProvider.get(target.provider_id) ?? []), target]);
  const queues = [...byProvider.values()];
  const interleaved: Target[] = [];
  for (let round = 0; interleaved.length < Math.min(wanted, targets.length); round += 1) {
    for (const queue of queues) if (queue[round]) interleaved.push(queue[round]!);
  }
  return interleaved.slice(0, wanted);
}

