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
import { tokenFor } from '../api/test/factories.ts';
import { ensureBenchSessions } from './sessions.ts';
import { benchClients, freeTargets, removeBenchBookings } from './targets.ts';
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
async function main() {
  const knex = createKnex(databaseUrl, { poolMax: connections });
  await migrateLatest(knex);
  const config = benchConfig(databaseUrl);
  const clients = await benchClients(knex, connections, 'bench-booking-client');
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
