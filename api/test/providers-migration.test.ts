import { describe, expect, it } from 'vitest';
import { defaultBusinessHours } from '@resuelve/contract';
import { migrateLatest } from '@resuelve/migrations';
import { rollBackThrough, useTestDatabase } from './database.ts';

const t = useTestDatabase({ poolMax: 2 });

const tables = ['providers', 'provider_categories', 'blocked_dates', 'client_profiles', 'client_interests', 'onboarding_progress'];

describe('the providers and clients migration', () => {
  it('gives new providers the default hours of contract', async () => {
    const { rows } = await t.knex.raw<{ rows: { column_default: string }[] }>(
      `SELECT column_default FROM information_schema.columns WHERE table_name = 'providers' AND column_name = 'business_hours'`,
    );
    const literal = /^'(.*)'::jsonb$/s.exec(rows[0]!.column_default)![1]!;
    expect(JSON.parse(literal)).toEqual(defaultBusinessHours);
  });

  it('indexes provider services by category for search', async () => {
    const { rows } = await t.knex.raw<{ rows: { indexdef: string }[] }>(`SELECT indexdef FROM pg_indexes WHERE tablename = 'provider_categories'`);
    expect(rows.map((r) => r.indexdef)).toEqual(expect.arrayContaining([expect.stringMatching(/\(category_id, provider_id\)/)]));
  });

  it('starts the provider-client links view empty', async () => {
    expect((await t.knex.raw('SELECT * FROM provider_client_links')).rows).toEqual([]);
  });

  it('rolls back and forward cleanly, with every later migration', async () => {
    await rollBackThrough(t.knex, '20261121_0005_providers_clients');
    for (const table of tables) expect(await t.knex.schema.hasTable(table), table).toBe(false);
    await migrateLatest(t.knex);
    for (const table of tables) expect(await t.knex.schema.hasTable(table), table).toBe(true);
  });
});
