/**
 * Live-update latency (bench/README.md):
 *   npx tsx bench/live.ts --database-url postgres://postgres@127.0.0.1:5432/resuelve_bench_live
 * Creates and migrates the database when missing, makes `--sockets` accounts in SQL (signed JWTs,
 * the same the api issues at sign-in), starts the real server on a free port, opens one nes
 * socket per account in a worker thread (bench/live-sockets.mjs), each subscribed to its own
 * events, then publishes `--events` job events through the server's bus (pg_notify → LISTEN →
 * nes) at `--rate` per second, each to a client and a provider, and prints the publish → socket
 * receipt latency: n, p50, p95, p99, max, with the load average. Figures are printed, never asserted.
 */
import { once } from 'node:events';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { randomUUID } from 'node:crypto';
import type { JobEvent } from '@resuelve/contract';
import { loadConfig } from '../api/src/config.ts';
import { createKnex } from '../api/src/db/knex.ts';
import { start } from '../api/src/server.ts';
import { ensureDatabase, ms, percentiles } from './measure.ts';
import { benchToken, ensureBenchSessions } from './sessions.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/resuelve_bench_live' },
    sockets: { type: 'string', default: '1000' },
    events: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '200' },
  },
});

const databaseUrl = values['database-url']!;
const socketCount = Number(values.sockets);
const eventCount = Number(values.events);
const rate = Number(values.rate);
const secret = 'bench-secret-bench-secret-bench-secret';

const now = () => performance.timeOrigin + performance.now();
const sleep = (wait: number) => new Promise((resolve) => setTimeout(resolve, wait));

/** `count` accounts marked bench-live-*, made once and reused; half clients, half providers by index. */
async function benchUsers(knex: ReturnType<typeof createKnex>, count: number): Promise<string[]> {
  const have: string[] = await knex('users').whereLike('email', 'bench-live-%@example.pr').orderBy('email').pluck('id');
  if (have.length < count) {
    const rows = Array.from({ length: count - have.length }, (_, i) => ({
      email: `bench-live-${String(have.length + i).padStart(6, '0')}@example.pr`,
      password_hash: 'not-a-password',
      email_confirmed_at: new Date(),
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      const ids: { id: string }[] = await knex('users').insert(rows.slice(i, i + 1000)).returning('id');
      await knex('profiles').insert(ids.map(({ id }) => ({ id, is_email_verified: true })));
    }
  }
  return (await knex('users').whereLike('email', 'bench-live-%@example.pr').orderBy('email').limit(count).pluck('id')) as string[];
}

async function main() {
  await ensureDatabase(databaseUrl);
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: secret,
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_PER_MINUTE: '100000000',
    LOG_LEVEL: 'silent',
  } as Record<string, string>);
  const knex = createKnex(databaseUrl, { poolMax: 10 });
  const ids = await benchUsers(knex, socketCount);
  const server = await start(config, { knex }, { backgroundJobs: false });
  const port = server.info.port as number;
  console.log(`node ${process.version}; ${os.cpus().length} CPUs; load average before ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  await ensureBenchSessions(knex, ids);
  const users = ids.map((userId) => ({ userId, token: benchToken(secret, userId) }));
  const opening = now();
  const worker = new Worker(new URL('./live-sockets.mjs', import.meta.url), {
    workerData: { url: `ws://127.0.0.1:${port}/api/v1/live`, users, openConcurrency: 50 },
  });
  const [opened] = (await once(worker, 'message')) as [{ ready: number; failed: number }];
  console.log(`sockets: ${opened.ready} open and subscribed (${opened.failed} failed) in ${ms(now() - opening)}`);

  // Each event goes to two accounts (a client and a provider), as a job transition does.
  const sentAt = new Map<string, number>();
  const publishing: Promise<void>[] = [];
  const interval = 1000 / rate;
  const began = now();
  for (let i = 0; i < eventCount; i++) {
    const due = began + i * interval;
    const wait = due - now();
    if (wait > 1) await sleep(wait);
    const client = ids[(2 * i) % ids.length]!;
    const provider = ids[(2 * i + 1) % ids.length]!;
    const payload: JobEvent = { type: 'job.changed', job_id: randomUUID(), status: 'upcoming', from_status: 'pending', action: 'accept', actor: 'provider', at: new Date().toISOString() };
    sentAt.set(payload.job_id, now());
    publishing.push(server.app.context.events.publish([client, provider], payload));
  }
  await Promise.all(publishing);
  const published = now() - began;
  await sleep(2000); // the last ones arrive
  const loadDuring = os.loadavg();
  worker.postMessage('collect');
  const [{ receipts }] = (await once(worker, 'message')) as [{ receipts: [string, string, number][] }];

  const latencies = receipts.map(([jobId, , at]) => at - sentAt.get(jobId)!).filter((value) => Number.isFinite(value));
  const expected = eventCount * 2;
  const p = percentiles(latencies);
  console.log(`events: ${eventCount} published in ${ms(published)} (${(eventCount / (published / 1000)).toFixed(0)}/s), ${expected} deliveries expected, ${receipts.length} received`);
  console.log(`publish → socket: n=${p.n} p50=${ms(p.p50)} p95=${ms(p.p95)} p99=${ms(p.p99)} max=${ms(p.max)}  (target p99 ≤ 100 ms)`);
  console.log(`load average after ${loadDuring.map((l) => l.toFixed(2)).join(' ')}`);

  await server.stop({ timeout: 2000 });
  await knex.destroy();
  await worker.terminate();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
