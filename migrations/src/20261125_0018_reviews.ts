import type { Knex } from 'knex';

/**
 * Reviews become the clients' own (SPEC.md §2, §3): one review per client and provider, which the
 * unique constraint keeps even when the same client sends two at once (the error plugin answers
 * 409 review_already_given for it), and the provider's one public reply. Earlier data (the demo
 * island picked a client at random for each past job) may hold a second review of the same
 * provider by the same client: the newest stays. Deleting the older ones recounts the providers'
 * rating_average and review_count through the triggers of migration 0007, and those counters reach
 * the search rows (provider_places, migration 0015) through its providers trigger.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('SET LOCAL statement_timeout = 0');
  await knex.raw(`
    DELETE FROM reviews r USING reviews newer
    WHERE newer.client_id = r.client_id AND newer.provider_id = r.provider_id
      AND (newer.created_at, newer.id) > (r.created_at, r.id)`);
  await knex.raw('ALTER TABLE reviews ADD CONSTRAINT reviews_one_per_client_provider UNIQUE (client_id, provider_id)');
  // "My reviews", newest first; the unique constraint's index serves "my review of this provider".
  await knex.raw('DROP INDEX IF EXISTS reviews_by_client');
  await knex.raw('CREATE INDEX reviews_by_client_created ON reviews (client_id, created_at DESC, id)');
  await knex.schema.alterTable('reviews', (t) => {
    t.text('reply');
    t.timestamp('reply_created_at', { useTz: true });
    t.timestamp('reply_updated_at', { useTz: true });
  });
  await knex.raw(`ALTER TABLE reviews ADD CONSTRAINT reviews_reply_dated CHECK ((reply IS NULL) = (reply_created_at IS NULL))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE reviews DROP CONSTRAINT IF EXISTS reviews_reply_dated');
  await knex.schema.alterTable('reviews', (t) => {
    t.dropColumns('reply', 'reply_created_at', 'reply_updated_at');
  });
  await knex.raw('DROP INDEX IF EXISTS reviews_by_client_created');
  await knex.raw('CREATE INDEX IF NOT EXISTS reviews_by_client ON reviews (client_id)');
  await knex.raw('ALTER TABLE reviews DROP CONSTRAINT IF EXISTS reviews_one_per_client_provider');
}
