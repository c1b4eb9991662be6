/**
 * The journeys' template database (decision 0045): migrated and loaded with the demo island, its
 * photos where the journeys' servers read uploads (the same settings as e2e/serve.ts). Made by the
 * journeys' global setup, or ahead of it by `npm test` (e2e/prepare-template.ts) while vitest runs,
 * since seeding waits on PostgreSQL and sharp most of its time.
 */
import { migrateLatest } from '@resuelve/migrations';
import { loadConfig } from '../api/src/config.ts';
import { createKnex } from '../api/src/db/knex.ts';
import { seedDemo } from '../api/src/db/demo-seed.ts';
import { createStorage } from '../api/src/server.ts';

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Creates `template` on `adminUrl`'s server, migrated and seeded; nobody is connected to it after. */
export async function createJourneyTemplate(adminUrl: string, template: string): Promise<void> {
  const admin = createKnex(adminUrl, { poolMax: 1 });
  try {
    await admin.raw('CREATE DATABASE ??', [template]);
  } finally {
    await admin.destroy();
  }
  const knex = createKnex(withDatabase(adminUrl, template), { poolMax: 2 });
  try {
    await migrateLatest(knex);
    const config = loadConfig({ ...process.env, NODE_ENV: 'development', DATABASE_URL: withDatabase(adminUrl, template) });
    await seedDemo(knex, { storage: createStorage(config), config });
  } finally {
    // A template is copied only while nobody is connected to it.
    await knex.destroy();
  }
}
