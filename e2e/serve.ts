/**
 * The server the browser journeys drive: a fresh database (on TEST_DATABASE_URL's server, or an
 * embedded PostgreSQL), migrated, with the dev outbox on; stopped and dropped on exit.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { migrateLatest } from '@resuelve/migrations';
import { loadConfig } from '../api/src/config.ts';
import { createKnex } from '../api/src/db/knex.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../api/src/db/embedded.ts';
import { start } from '../api/src/server.ts';
import { removeServerState, writeServerState } from './server-state.ts';

const port = process.env.E2E_PORT ?? '3100';
let embedded: EmbeddedDatabase | null = null;
let adminUrl = process.env.TEST_DATABASE_URL;
let dataDir: string | null = null;
if (!adminUrl) {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-e2e-pg-'));
  fs.chmodSync(dataDir, 0o755);
  embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'data'), persistent: false, durable: false });
  adminUrl = embedded.url('postgres');
}
const database = `rs_e2e_${Date.now().toString(36)}`;
const admin = createKnex(adminUrl, { poolMax: 1 });
await admin.raw('CREATE DATABASE ??', [database]);
const url = new URL(adminUrl);
url.pathname = `/${database}`;

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  PORT: port,
  HOST: '127.0.0.1',
  DATABASE_URL: url.toString(),
  PUBLIC_URL: `http://localhost:${port}`,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  RATE_LIMIT_PER_MINUTE: '100000',
});
const knex = createKnex(config.databaseUrl);
await migrateLatest(knex);
const server = await start(config, { knex });
writeServerState(Number(port), { databaseUrl: config.databaseUrl });
console.log(`e2e server on http://localhost:${port} (database ${database})`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  removeServerState(Number(port));
  await server.stop({ timeout: 2000 });
  await knex.destroy();
  await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [database]).catch(() => undefined);
  await admin.destroy();
  if (embedded) await embedded.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
