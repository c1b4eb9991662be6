import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBusinessHours } from '@resuelve/contract';
import * as providersClients from '../../migrations/src/20261121_0005_providers_clients.ts';
import { createKnex } from '../src/db/knex.ts';
import { createTestDatabase, type Knex } from './database.ts';

let knex: Knex;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  drop = database.drop;
  knex = createKnex(database.url, { poolMax: 2 });
});

afterAll(async () => {
  await knex?.destroy();
  await drop?.();
});

const tables = ['providers', 'provider_categories', 'blocked_dates', 'client_profiles', 'client_interests', 'onboarding_progress'];

describe('the providers and clients migration', () => {
  it('gives new providers the default hours of contract', async () => {
    const { rows } = await knex.raw<{ rows: { column_default: string }[] }>(
      `SELECT column_default FROM information_schema.columns WHERE table_name = 'providers' AND column_name = 'business_hours'`,
    );
    const literal = /^'(.*)'::jsonb$/s.exec(rows[0]!.column_default)![1]!;
    expect(JSON.parse(literal)).toEqual(defaultBusinessHours);
  });

  it('indexes provider services by category for search', async () => {
    const { rows } = await knex.raw<{ rows: { indexdef: string }[] }>(`SELECT indexdef FROM pg_indexes WHERE tablename = 'provider_categories'`);
    expect(rows.map((r) => r.indexdef)).toEqual(expect.arrayContaining([expect.stringMatching(/\(category_id, provider_id\)/)]));
  });

  it('starts the provider-client links view empty', async () => {
    expect((await knex.raw('SELECT * FROM provider_client_links')).rows).toEqual([]);
  });

  it('rolls back and forward cleanly', async () => {
    await providersClients.down(knex);
    for (const table of tables) expect(await knex.schema.hasTable(table), table).toBe(false);
    await providersClients.up(knex);
    for (const table of tables) expect(await knex.schema.hasTable(table), table).toBe(true);
  });
});
