/**
 * Booking latency against a generated island (bench/README.md):
 *   npx tsx bench/booking.ts --database-url postgres://postgres@127.0.0.1:5432/resuelve_bench
 * Migrates the database to the latest schema, starts the real server on a free port, makes 50
 * clients straight in the database with access tokens issued without a sign-in (the tests'
 * factories, api/test/factories.ts), finds free one-hour slots (provider_free_slots) of many listed
 * providers, then sends POST /api/v1/jobs at those distinct slots over 50 keep-alive connections,
 * each booking with its own Idempotency-Key and one of the 50 clients' tokens (a small share
 * repeats an earlier slot on purpose, to measure the 409 slot_already_booked path too). Prints n,
 * p50, p95, p99, max, req/s and the answers by status. The bench's bookings are removed before and
 * after; its clients stay for the next run. Figures are printed, never asserted.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { migrateLatest } from '../migrations/index.ts';
import { createKnex } from '../api/src/db/knex.ts';
import { start } from '../api/src/server.ts';
import { newClient, tokenFor } from '../api/test/factories.ts';
import { ensureBenchSessions } from './sessions.ts';
import { benchConfig, report, sendLoad, statusLine, type LoadRequest } from './measure.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/resuelve_bench' },
    connections: { type: 'string', default: '50' },
    requests: { type: 'string', default: '4000' },
    providers: { type: 'string', default: '1500' },
    'repeat-share': { type: 'string', default: '0.03' },
    // 0: closed (each connection books again when answered); > 0: bookings per second on a schedule.
    rate: { type: 'string', default: '0' },
  },
});

const databaseUrl = values['database-url']!;
const connections = Number(values.connections);
const requests = Number(values.requests);
const benchEmail = (i: number) => `bench-booking-client-${i}@example.invalid`;
type Knex = ReturnType<typeof createKnex>;

/** 50 onboarded client accounts of the bench (made once, kept between runs). */
async function benchClients(knex: Knex, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const existing = (await knex('users').where({ email: benchEmail(i) }).first('id')) as { id: string } | undefined;
    ids.push(existing?.id ?? (await newClient(knex, { email: benchEmail(i), first_name: 'Bench', last_name: `Cliente ${i}` })));
  }
  return ids;
}

async function removeBenchBookings(knex: Knex, clientIds: string[]): Promise<void> {
  await knex('jobs').whereIn('client_id', clientIds).delete();
  await knex('idempotency_keys').whereIn('user_id', clientIds).delete();
}

interface Target {
  provider_id: string;
  category_id: number;
  scheduled_start: string;
}

/**
 * Free, mutually apart one-hour slots of many listed providers on one weekday 3 to 5 weeks
 * ahead (past the island's own bookings mostly), each provider with one of its own services.
 */
async function freeTargets(knex: Knex, providerCount: number, wanted: number): Promise<Target[]> {
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

async function main() {
  const knex = createKnex(databaseUrl, { poolMax: connections });
  await migrateLatest(knex);
  const config = benchConfig(databaseUrl);
  const clients = await benchClients(knex, connections);
  await removeBenchBookings(knex, clients);
  await ensureBenchSessions(knex, clients);
  const tokens = clients.map((id) => tokenFor({ config }, id));

  const repeatShare = Number(values['repeat-share']);
  const fresh = await freeTargets(knex, Number(values.providers), Math.ceil(requests * (1 - repeatShare)));
  const { rows: counts } = await knex.raw<{ rows: { providers: number; jobs: number }[] }>(
    'SELECT (SELECT count(*) FROM providers)::int AS providers, (SELECT count(*) FROM jobs)::int AS jobs',
  );
  console.log(`Database ${new URL(databaseUrl).pathname.slice(1)}: ${counts[0]!.providers} providers, ${counts[0]!.jobs} jobs; node ${process.version}`);
  console.log(`${fresh.length} free one-hour slots of ${new Set(fresh.map((t) => t.provider_id)).size} providers; ${requests - fresh.length} requests repeat an earlier slot`);

  // Repeats sit late in the run, after the slot they copy was booked.
  const bodies = [...fresh];
  for (let i = 0; bodies.length < requests; i += 1) bodies.splice(Math.floor(fresh.length / 2) + i * 7, 0, fresh[i]!);
  const work = bodies.slice(0, requests).map((target, i) => ({
    path: '/api/v1/jobs',
    method: 'POST',
    body: { ...target, title: 'Reparación (bench)', description: '', duration_hours: 1, location_type: 'on_site' },
    headers: { authorization: `Bearer ${tokens[i % tokens.length]}`, 'idempotency-key': randomUUID() },
  }));

  const server = await start(config, { knex });
  const port = server.info.port as number;
  // Warm-up: the first 200 bookings (their answers are not counted).
  await run(port, work.slice(0, 200));
  console.log(`load average before the run: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const result = await run(port, work.slice(200));
  const pace = Number(values.rate) > 0 ? `, ${values.rate} requests/s on a schedule` : '';
  const p = report(`POST /api/v1/jobs, ${connections} connections${pace}`, result.samples, result.seconds);
  console.log(`answers: ${statusLine(result.statuses)}`);
  console.log(`load average after the run: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`Target: p95 <= 40 ms (${p.p95 <= 40 ? 'met' : 'missed'})`);

  await server.stop();
  await removeBenchBookings(knex, clients);
  await knex.destroy();
}

function run(port: number, work: LoadRequest[]) {
  return sendLoad(port, work, connections, { ratePerSecond: Number(values.rate) });
}

await main();
