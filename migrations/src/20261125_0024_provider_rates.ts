import type { Knex } from 'knex';

/**
 * A provider's stated rate (decision record 0028): an amount in cents, per hour or per visit, and
 * whether it is a starting price. Amount and unit are set together or not at all; the limits are
 * contract's `rateLimits`, checked again here so that no path stores what the forms refuse.
 * (Each part is tested for null: a CHECK that comes out null passes.)
 * It is apart from `hourly_rate_cents` (migration 0012), the private figure earnings are counted by.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('providers', (t) => {
    t.integer('rate_cents');
    t.text('rate_unit');
    t.boolean('rate_from').notNullable().defaultTo(false);
  });
  await knex.raw(`ALTER TABLE providers ADD CONSTRAINT providers_rate_whole CHECK (
    (rate_cents IS NULL AND rate_unit IS NULL)
    OR (rate_cents IS NOT NULL AND rate_unit IS NOT NULL AND rate_cents BETWEEN 100 AND 500000 AND rate_unit IN ('hour', 'visit')))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE providers DROP CONSTRAINT IF EXISTS providers_rate_whole');
  await knex.schema.alterTable('providers', (t) => {
    t.dropColumn('rate_from');
    t.dropColumn('rate_unit');
    t.dropColumn('rate_cents');
  });
}
