/**
 * Fills a database with a demo island of any size, for benchmarks:
 *   npx tsx bench/generate.ts --providers 100000 --database-url postgres://postgres@127.0.0.1:5432/resuelve_bench
 * Creates the database when missing, migrates it, then loads providers, clients, jobs and reviews
 * (api/src/db/demo-island.ts, batched multi-row inserts) in one transaction: a database has the
 * whole island or none of it. Options: --seed (2026), --clients (providers / 2), --chunk (2000).
 * Island accounts sign in with the demo password (api/src/db/demo-seed.ts).
 */
import { parseArgs } from 'node:util';
import { migrateLatest } from '@resuelve/migrations';
import { createKnex } from '../api/src/db/knex.ts';
import { islandExists, loadIsland } from '../api/src/db/demo-island.ts';
import { demoAccounts } from '../api/src/db/demo-seed.ts';
import { hashPassword } from '../api/src/modules/auth/service/secrets.ts';

const { values } = parseArgs({
  options: {
    providers: { type: 'string', default: '100000' },
    clients: { type: 'string' },
    seed: { type: 'string', default: '2026' },
    chunk: { type: 'string', default: '2000' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL },
  },
});

function positive(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number, not ${text}`);
  return value;
}

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) throw new Error('--database-url must name a database, e.g. postgres://postgres@127.0.0.1:5432/resuelve_bench');
  target.pathname = '/postgres';
  const admin = createKnex(target.toString(), { poolMax: 1 });
  try {
    const found = await admin('pg_database').where({ datname: name }).first('datname');
    if (!found) {
      await admin.raw('CREATE DATABASE ??', [name]);
      console.log(`Created database ${name}`);
    }
  } finally {
    await admin.destroy();
  }
}

async function main(): Promise<void> {
  const url = values['database-url'];
  if (!url) throw new Error('Give --database-url postgres://… (or DATABASE_URL)');
  const providers = positive('providers', values.providers)!;
  const clients = positive('clients', values.clients);
  const seed = positive('seed', values.seed)!;
  const chunk = positive('chunk', values.chunk)!;
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

  await ensureDatabase(url);
  const knex = createKnex(url, { poolMax: 2 });
  try {
    await migrateLatest(knex);
    console.log(`Migrated (${seconds()} s)`);
    if (await islandExists(knex)) {
      console.log('This database already has an island; drop the database to generate another size.');
      return;
    }
    const passwordHash = await hashPassword(demoAccounts[0]!.password);
    const counts = await knex.transaction(async (trx) => {
      // A bulk load: no wait for the disk on commit, no per-statement time limit.
      await trx.raw('SET LOCAL synchronous_commit = off');
      await trx.raw('SET LOCAL statement_timeout = 0');
      return loadIsland(trx, {
        providers,
        clients,
        seed,
        chunk,
        now: new Date(),
        passwordHash,
        bulk: true,
        onProgress: (stage, done, total) => console.log(`${stage.padEnd(9)} ${String(done).padStart(8)} / ${total}  (${seconds()} s)`),
      });
    });
    console.log(`Loaded (${seconds()} s); analyzing…`);
    await knex.raw('ANALYZE');
    console.log(
      `Done in ${seconds()} s: ${counts.providers} providers, ${counts.clients} clients, ${counts.jobs} jobs, ${counts.reviews} reviews.`,
    );
  } finally {
    await knex.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
