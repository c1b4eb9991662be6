import type { Knex } from 'knex';

/**
 * The sitemap's providers (decision record 0036): listed providers in id order with their last
 * change, read from the index alone. The sitemap index walks it once to cut pages; each page is a
 * range of it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS providers_sitemap ON providers (id) INCLUDE (updated_at) WHERE listed');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS providers_sitemap');
}
