/**
 * Whether `POST /auth/password-reset` tells by its timing which addresses have an account (issue
 * 25, decision 0046): pairs of requests, one for an account's address and one for an address no
 * account has, in alternating order, over one keep-alive connection to the real server. Prints
 * each side's median and p95 and how often the account's request was the slower of its pair.
 * The goal: medians within 1 ms of each other over 30 pairs.
 *
 *   npx tsx bench/reset-timing.ts [--pairs 30] [--warmup 5] [--port 3340]
 *                                 [--database-url postgres://postgres@127.0.0.1:5432/resuelve_bench_reset]
 *
 * Each request waits for the work the previous one left for after its answer (the lookup, the
 * link, the mail), so no request is measured while another's work runs.
 */
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createKnex } from '../api/src/db/knex.ts';
import { createAccount } from '../api/src/modules/auth/service/accounts.ts';
import { start } from '../api/src/server.ts';
import { benchConfig, ensureDatabase, percentiles } from './measure.ts';

const ms = (value: number) => `${value.toFixed(2)} ms`;

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/resuelve_bench_reset' },
    pairs: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    port: { type: 'string', default: '3340' },
  },
});

const databaseUrl = values['database-url']!;
const pairs = Number(values.pairs);
const warmup = Number(values.warmup);
const port = Number(values.port);

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One reset request; answers its time in ms (from writing the request to the end of the answer). */
function reset(email: string): Promise<number> {
  const body = JSON.stringify({ email });
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const request = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/v1/auth/password-reset', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 202) return reject(new Error(`answered ${response.statusCode}`));
          resolve(performance.now() - began);
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function main() {
  await ensureDatabase(databaseUrl);
  const knex = createKnex(databaseUrl, { poolMax: 10 });
  // An account per pair, so no address reaches the mail cap (5 an hour), which would spare its later requests the mail.
  const accounts = Array.from({ length: warmup + pairs }, (_, i) => `bench-reset-${String(i).padStart(3, '0')}@example.pr`);
  for (const email of accounts) {
    if (await knex('users').where({ email }).first('id')) continue;
    await knex.transaction((trx) => createAccount(trx, { email, password: 'Bench#Reset2026', locale: 'es', confirmedAt: new Date() }, new Date()));
  }
  await knex('rate_limits').whereLike('key', 'mail:reset_password:bench-reset-%').delete();
  // Production's answers (no schema re-validation); route limits scaled so 60 requests from one address pass.
  const config = benchConfig(databaseUrl, { PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_SCALE: '1000' });
  const server = await start(config, { knex }, { backgroundJobs: false });
  const settled = () => server.app.context.afterAnswer.settled();
  console.log(`node ${process.version}; ${os.cpus().length} CPUs; load average before ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  const known: number[] = [];
  const unknown: number[] = [];
  let knownSlower = 0;
  for (let pair = 0; pair < warmup + pairs; pair += 1) {
    const stranger = `nadie-${Date.now()}-${pair}@example.pr`;
    const order = pair % 2 === 0 ? ['known', 'unknown'] : ['unknown', 'known'];
    const times: Record<string, number> = {};
    for (const side of order) {
      times[side] = await reset(side === 'known' ? accounts[pair]! : stranger);
      await settled();
      await new Promise((resolve) => setTimeout(resolve, 20)); // what the database does after a commit settles too
    }
    if (pair < warmup) continue;
    known.push(times.known!);
    unknown.push(times.unknown!);
    if (times.known! > times.unknown!) knownSlower += 1;
  }

  const a = percentiles(known);
  const b = percentiles(unknown);
  console.log(`POST /api/v1/auth/password-reset, ${pairs} pairs after ${warmup} warm-up pairs, one keep-alive connection`);
  console.log(`  address with an account:    median ${ms(a.p50)}, p95 ${ms(a.p95)}`);
  console.log(`  address without an account: median ${ms(b.p50)}, p95 ${ms(b.p95)}`);
  console.log(`  medians differ by ${ms(Math.abs(a.p50 - b.p50))} (goal: within 1 ms); the account's request was the slower in ${knownSlower} of ${pairs} pairs`);
  agent.destroy();
  await server.stop();
  await knex.destroy();
  if (Math.abs(a.p50 - b.p50) > 1) process.exitCode = 1;
}

void main();
