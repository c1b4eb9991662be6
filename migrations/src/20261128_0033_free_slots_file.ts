import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';

/**
 * provider_free_slots, re-created by migrations 0007, 0010 and 0012, now has its current
 * definition in one readable file, migrations/sql/provider_free_slots.sql; this loads it. The
 * definition is the one 0012 made (the same statement, laid out and commented), so going down
 * leaves it as it is. A later change to the function edits the file and adds a migration that
 * loads it again; api/test/free-slots-sql.test.ts checks that the database has what the file says.
 */
export function freeSlotsSql(): string {
  return readFileSync(new URL('../sql/provider_free_slots.sql', import.meta.url), 'utf8');
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(freeSlotsSql());
}

export async function down(): Promise<void> {
  // 0012's definition, which the file restates: nothing to undo.
}
