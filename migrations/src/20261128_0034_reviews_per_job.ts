import type { Knex } from 'knex';

/**
 * Reviews become one per completed job (issue 27, decision record 0021's revision): a client who
 * books the same provider again reviews the new job too, so a client may hold several reviews of
 * one provider over time, one per job. `reviews.job_id` (migration 0007, nullable, `ON DELETE SET
 * NULL`) names the job; its unique constraint, renamed `reviews_one_per_job`, is the rule, and
 * `reviews_one_per_client_provider` (migration 0018) goes.
 *
 * Existing reviews keep their job when it is a completed job of the same client and provider (the
 * api has always written the newest completed job of the pair there); any other review is attached
 * to that client's latest completed job with the provider that no review holds yet, or keeps no job
 * when there is none (it still counts on the profile). The counters of migration 0007 count every
 * review, so several by one client all count; the update below recounts the touched providers
 * through those triggers, and the search rows and cards follow through the providers triggers of
 * migrations 0015 and 0031.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('SET LOCAL statement_timeout = 0');
  await knex.raw(`
    UPDATE reviews r SET job_id = NULL
    WHERE r.job_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM jobs j
      WHERE j.id = r.job_id AND j.client_id = r.client_id AND j.provider_id = r.provider_id AND j.status = 'completed')`);
  // One review per pair here (migration 0018), so no two reviews reach for the same job.
  await knex.raw(`
    UPDATE reviews r SET job_id = (
      SELECT j.id FROM jobs j
      WHERE j.client_id = r.client_id AND j.provider_id = r.provider_id AND j.status = 'completed'
        AND NOT EXISTS (SELECT 1 FROM reviews held WHERE held.job_id = j.id)
      ORDER BY coalesce(j.ended_at, j.scheduled_end) DESC, j.id DESC
      LIMIT 1)
    WHERE r.job_id IS NULL`);
  await knex.raw('ALTER TABLE reviews DROP CONSTRAINT IF EXISTS reviews_one_per_client_provider');
  await knex.raw('ALTER TABLE reviews RENAME CONSTRAINT reviews_job_id_unique TO reviews_one_per_job');
  // "My latest review of this provider" (GET /providers/{id}/reviews/my-review), which the dropped
  // constraint's index used to serve.
  await knex.raw('CREATE INDEX reviews_by_client_provider_created ON reviews (client_id, provider_id, created_at DESC, id DESC)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('SET LOCAL statement_timeout = 0');
  await knex.raw('DROP INDEX IF EXISTS reviews_by_client_provider_created');
  await knex.raw('ALTER TABLE reviews RENAME CONSTRAINT reviews_one_per_job TO reviews_job_id_unique');
  // Back to one per pair: the newest stays, as migration 0018 did.
  await knex.raw(`
    DELETE FROM reviews r USING reviews newer
    WHERE newer.client_id = r.client_id AND newer.provider_id = r.provider_id
      AND (newer.created_at, newer.id) > (r.created_at, r.id)`);
  await knex.raw('ALTER TABLE reviews ADD CONSTRAINT reviews_one_per_client_provider UNIQUE (client_id, provider_id)');
}
