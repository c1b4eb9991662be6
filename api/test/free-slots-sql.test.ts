/**
 * provider_free_slots has its current definition in migrations/sql/provider_free_slots.sql: the
 * migrated database holds exactly that function (compared with pg_get_functiondef, the schema name,
 * comments and runs of whitespace aside).
 */
import { describe, expect, it } from 'vitest';
import { freeSlotsSql } from '../../migrations/src/20261128_0033_free_slots_file.ts';
import { useTestDatabase } from './database.ts';

const t = useTestDatabase({ poolMax: 1 });

/** The definition without `--` comments, the schema's name or the layout. */
function normalised(definition: string): string {
  return definition
    .replace(/--[^\n]*/g, ' ')
    .replace(/\bpublic\./g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the free-slot function', () => {
  it('in the migrated database is the one migrations/sql/provider_free_slots.sql defines', async () => {
    const { rows } = await t.knex.raw<{ rows: { definition: string }[] }>(
      "SELECT pg_get_functiondef('provider_free_slots(uuid, date, integer, timestamptz)'::regprocedure) AS definition",
    );
    const file = normalised(freeSlotsSql());
    expect(file).toMatch(/^CREATE OR REPLACE FUNCTION provider_free_slots\(/);
    expect(normalised(rows[0]!.definition)).toBe(file);
  });

  it('is the only provider_free_slots (no overload left by an older migration)', async () => {
    const { rows } = await t.knex.raw<{ rows: { count: number }[] }>("SELECT count(*)::int AS count FROM pg_proc WHERE proname = 'provider_free_slots'");
    expect(rows[0]!.count).toBe(1);
  });
});
