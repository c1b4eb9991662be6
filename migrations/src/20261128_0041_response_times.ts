import type { Knex } from 'knex';

/**
 * Response times (issue 30): each provider's median time to first answer a booking request or a
 * new conversation, counted in their business hours over the last 90 days, kept on the provider's
 * row so that cards, the profile and the search ranking read it without counting again.
 * `response_median_minutes` is null until `response_cases` reaches the minimum the contract sets
 * (contract/src/response-times.ts); both are written by the api whenever a case is answered and by
 * the background recount that lets old cases leave the 90 days.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('providers', (t) => {
    t.integer('response_median_minutes');
    t.integer('response_cases').notNullable().defaultTo(0);
  });
  await knex.raw('ALTER TABLE providers ADD CONSTRAINT providers_response_whole CHECK ((response_median_minutes IS NULL OR response_median_minutes >= 0) AND response_cases >= 0)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE providers DROP CONSTRAINT IF EXISTS providers_response_whole');
  await knex.schema.alterTable('providers', (t) => {
    t.dropColumn('response_median_minutes');
    t.dropColumn('response_cases');
  });
}
