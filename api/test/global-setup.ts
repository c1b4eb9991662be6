/**
 * Database tests run on TEST_DATABASE_URL when set (CI: the machine's PostgreSQL), otherwise on an
 * embedded PostgreSQL started here. A template database is migrated once; each test file copies it
 * into a database of its own (see database.ts), so files run in parallel on clean data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateLatest } from '@resuelve/migrations';
import { createKnex } from '../src/db/knex.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    runId: string;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  const runId = `${process.pid}_${Date.now().toString(36)}`;
  let embedded: EmbeddedDatabase | null = null;
  let dataDir: string | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'resuelve-test-pg-'));
    fs.chmodSync(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'data'), persistent: false, durable: false });
    adminUrl = embedded.url('postgres');
  }

  const template = `rs_tpl_${runId}`;
  const admin = createKnex(adminUrl, { poolMax: 1 });
  await admin.raw('CREATE DATABASE ??', [template]);
  const templateKnex = createKnex(withDatabase(adminUrl, template), { poolMax: 1 });
  try {
    await migrateLatest(templateKnex);
  } finally {
    await templateKnex.destroy();
  }

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  project.provide('runId', runId);

  return async () => {
    const { rows } = await admin.raw<{ rows: { datname: string }[] }>(
      `SELECT datname FROM pg_database WHERE datname LIKE ?`,
      [`rs_%${runId}%`],
    );
    for (const { datname } of rows) await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [datname]);
    await admin.destroy();
    if (embedded) await embedded.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
