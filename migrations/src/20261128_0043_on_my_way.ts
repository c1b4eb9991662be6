import type { Knex } from 'knex';

/**
 * "On my way" and WhatsApp (issue 30, contract/src/on-my-way.ts, decision record 0055).
 * `jobs.on_my_way_at` is when the provider last said they were on their way to an accepted job on
 * its day, and `jobs.arrival_estimate_at` the arrival they gave then (both set or both null; a new
 * tap replaces both). `providers.whatsapp_number` is the provider's WhatsApp number as digits with
 * the country code (8 to 15 digits, what `https://wa.me/<digits>` takes); the api shows it only to
 * the client of an accepted job, never to visitors.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.timestamp('on_my_way_at', { useTz: true });
    t.timestamp('arrival_estimate_at', { useTz: true });
  });
  await knex.raw(`ALTER TABLE jobs ADD CONSTRAINT jobs_on_my_way_whole
    CHECK ((on_my_way_at IS NULL) = (arrival_estimate_at IS NULL) AND (arrival_estimate_at IS NULL OR arrival_estimate_at > on_my_way_at))`);
  await knex.schema.alterTable('providers', (t) => {
    t.text('whatsapp_number');
  });
  await knex.raw(`ALTER TABLE providers ADD CONSTRAINT providers_whatsapp_digits CHECK (whatsapp_number IS NULL OR whatsapp_number ~ '^[1-9][0-9]{7,14}$')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE providers DROP CONSTRAINT IF EXISTS providers_whatsapp_digits');
  await knex.schema.alterTable('providers', (t) => {
    t.dropColumn('whatsapp_number');
  });
  await knex.raw('ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_on_my_way_whole');
  await knex.schema.alterTable('jobs', (t) => {
    t.dropColumn('on_my_way_at');
    t.dropColumn('arrival_estimate_at');
  });
}
