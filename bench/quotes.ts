/**
 * Quote latency against a generated island, beside a plain booking on the same run (issue 28,
 * bench/README.md):
 *   npx tsx bench/quotes.ts --database-url postgres://postgres@127.0.0.1:5432/resuelve_bench
 * Migrates the database, starts the real server on a free port, makes 50 bench clients (kept
 * between runs), finds free one-hour slots of many listed providers (bench/targets.ts), then over
 * 50 keep-alive connections: (1) books half of the slots, timed: the plain booking; (2) books the
 * other half, untimed, as the requests the providers quote; (3) each provider sends a three-line
 * quote on its request (POST /jobs/{id}/quote), timed; (4) each client accepts it (POST
 * /quotes/{id}/accept: the job becomes upcoming), timed. Prints n, p50, p95, p99, max, req/s and the
 * answers by status for each. The bench's jobs (and their quotes) are removed before and after.
 * Figures are printed, never asserted.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { migrateLatest } from '../migrations/index.ts';
import { createKnex } from '../api/src/db/knex.ts';
import { start } from '../api/src/server.ts';
import { tokenFor } from '../api/test/factories.ts';
import { ensureBenchSessions } from './sessions.ts';
import { benchConfig, report, sendLoad, statusLine, type LoadRequest } from './measure.ts';
import { benchClients, freeTargets, removeBenchBookings, type Target } from './targets.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/resuelve_bench' },
    connections: { type: 'string', default: '50' },
    requests: { type: 'string', default: '1000' },
    providers: { type: 'string', default: '1500' },
  },
});

const databaseUrl = values['database-url']!;
const connections = Number(values.connections);
const requests = Number(values.requests);

const quoteLines = [
  { kind: 'labour_hourly', description: 'Mano de obra', quantity: 1, unit_price_cents: 6500, tax_rate: 'standard' },
  { kind: 'material', description: 'Materiales (bench)', quantity: 2.5, unit_price_cents: 1299, tax_rate: 'standard' },
  { kind: 'other', description: 'Viaje', quantity: 1, unit_price_cents: 1500, tax_rate: 'exempt' },
];

function bookingOf(target: Target, token: string): LoadRequest {
  return {
    path: '/api/v1/jobs',
    method: 'POST',
    body: { ...target, title: 'Reparación (bench)', description: '', duration_hours: 1, location_type: 'on_site' },
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
  };
}

function load(port: number, work: LoadRequest[], keepBodies = false) {
  return sendLoad(port, work, connections, { keepBodies });
}

async function main() {
  const knex = createKnex(databaseUrl, { poolMax: connections });
  await migrateLatest(knex);
  const config = benchConfig(databaseUrl);
  const clients = await benchClients(knex, connections, 'bench-quote-client');
  await removeBenchBookings(knex, clients);
  await ensureBenchSessions(knex, clients);
  const clientTokens = clients.map((id) => tokenFor({ config }, id));

  const targets = await freeTargets(knex, Number(values.providers), requests * 2);
  const half = Math.floor(targets.length / 2);
  const plain = targets.slice(0, half);
  const quoted = targets.slice(half, half * 2);
  const providers = [...new Set(quoted.map((t) => t.provider_id))];
  await ensureBenchSessions(knex, providers);
  const providerTokens = new Map(providers.map((id) => [id, tokenFor({ config }, id, true)]));
  const { rows: counts } = await knex.raw<{ rows: { providers: number; jobs: number }[] }>(
    'SELECT (SELECT count(*) FROM providers)::int AS providers, (SELECT count(*) FROM jobs)::int AS jobs',
  );
  console.log(`Database ${new URL(databaseUrl).pathname.slice(1)}: ${counts[0]!.providers} providers, ${counts[0]!.jobs} jobs; node ${process.version}`);
  console.log(`${half} free one-hour slots booked plainly, ${half} more booked and then quoted and accepted (${providers.length} providers)`);

  const server = await start(config, { knex });
  const port = server.info.port as number;
  console.log(`load average before the run: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  const booked = await load(port, plain.map((target, i) => bookingOf(target, clientTokens[i % clientTokens.length]!)));
  report(`POST /api/v1/jobs (plain booking), ${connections} connections`, booked.samples, booked.seconds);
  console.log(`answers: ${statusLine(booked.statuses)}`);

  // The requests the providers quote (untimed), in the order of `quoted`.
  const requested = await load(port, quoted.map((target, i) => bookingOf(target, clientTokens[i % clientTokens.length]!)), true);
  const jobs = (requested.answers ?? [])
    .map(([index, , body]) => ({ index, job: JSON.parse(body) as { id?: string; provider_id?: string; client_id?: string } }))
    .filter(({ job }) => job.id)
    .sort((a, b) => a.index - b.index)
    .map(({ job }) => job as { id: string; provider_id: string; client_id: string });
  const validUntil = new Date(Date.now() + 7 * 86_400_000).toISOString();

  const sent = await load(
    port,
    jobs.map((job) => ({
      path: `/api/v1/jobs/${job.id}/quote`,
      method: 'POST',
      body: { lines: quoteLines, hours: 1, valid_until: validUntil, note: 'Bench' },
      headers: { authorization: `Bearer ${providerTokens.get(job.provider_id)}` },
    })),
  );
  report(`POST /api/v1/jobs/{id}/quote (send a quote), ${connections} connections`, sent.samples, sent.seconds);
  console.log(`answers: ${statusLine(sent.statuses)}`);

  const quotes = (await knex('quotes').whereIn('job_id', jobs.map((job) => job.id)).select('id', 'client_id')) as { id: string; client_id: string }[];
  const tokenOfClient = new Map(clients.map((id, i) => [id, clientTokens[i]!]));
  const accepted = await load(
    port,
    quotes.map((quote) => ({
      path: `/api/v1/quotes/${quote.id}/accept`,
      method: 'POST',
      body: { version: 1 },
      headers: { authorization: `Bearer ${tokenOfClient.get(quote.client_id)}` },
    })),
  );
  report(`POST /api/v1/quotes/{id}/accept (accept it), ${connections} connections`, accepted.samples, accepted.seconds);
  console.log(`answers: ${statusLine(accepted.statuses)}`);
  console.log(`load average after the run: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  await server.stop();
  await removeBenchBookings(knex, clients);
  await knex.destroy();
}

await main();
