import type { Knex } from 'knex';

/**
 * Loyalty rewards, the waitlist (issue 13, decision record 0025).
 *
 * - `loyalty_ledger`: append-only. Each row is what one thing earned (a completed job, a review, the
 *   first booking) or took back (a removed review), and `(client_id, reason, source_id)` is unique,
 *   so the same job reported twice or the same review counted again inserts nothing. Rows are never
 *   changed; they go only with their client's account (the cascade), which the trigger tells
 *   from a direct DELETE by the trigger depth.
 * - `provider_rewards`: a provider's one offer (percent off) to clients of a tier and above.
 * - `waitlist_signups`: one per email (any case); the confirmation link's token kept as a hash.
 *
 * Completed jobs and reviews that exist already earn their points here once, with the same keys
 * the api uses, so the api's own inserts later find them and add nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('SET LOCAL statement_timeout = 0');
  await knex.schema.createTable('loyalty_ledger', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('client_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.text('reason').notNullable();
    // What earned it: the job for a completed job and the first booking, the review for a review
    // and its removal. No foreign key: a review is deleted while its ledger rows stay.
    t.uuid('source_id').notNullable();
    t.integer('points').notNullable();
    t.uuid('job_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE loyalty_ledger ADD CONSTRAINT loyalty_ledger_reason
    CHECK (reason IN ('job_completed', 'first_booking', 'review', 'review_removed'))`);
  await knex.raw('ALTER TABLE loyalty_ledger ADD CONSTRAINT loyalty_ledger_once UNIQUE (client_id, reason, source_id)');
  // The first-booking bonus is one per client whatever job earned it.
  await knex.raw(`CREATE UNIQUE INDEX loyalty_ledger_one_first_booking ON loyalty_ledger (client_id) WHERE reason = 'first_booking'`);
  await knex.raw('CREATE INDEX loyalty_ledger_by_client ON loyalty_ledger (client_id, created_at DESC, id DESC)');
  await knex.raw(`
    CREATE FUNCTION loyalty_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- A cascade from the client's account runs one trigger level down; anything else is refused.
      IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN RETURN OLD; END IF;
      RAISE EXCEPTION 'loyalty_ledger is append-only' USING ERRCODE = 'restrict_violation';
    END $$`);
  await knex.raw(`CREATE TRIGGER loyalty_ledger_append_only BEFORE UPDATE OR DELETE ON loyalty_ledger
    FOR EACH ROW EXECUTE FUNCTION loyalty_ledger_append_only()`);

  // What already happened earns once (the same figures as contract's loyaltyRules at this date).
  await knex.raw(`INSERT INTO loyalty_ledger (client_id, reason, source_id, points, job_id, created_at)
    SELECT j.client_id, 'job_completed', j.id, 100, j.id, coalesce(j.ended_at, j.scheduled_end)
    FROM jobs j JOIN profiles p ON p.id = j.client_id WHERE j.status = 'completed'
    ON CONFLICT DO NOTHING`);
  await knex.raw(`INSERT INTO loyalty_ledger (client_id, reason, source_id, points, job_id, created_at)
    SELECT DISTINCT ON (j.client_id) j.client_id, 'first_booking', j.id, 200, j.id, coalesce(j.ended_at, j.scheduled_end)
    FROM jobs j JOIN profiles p ON p.id = j.client_id WHERE j.status = 'completed'
    ORDER BY j.client_id, coalesce(j.ended_at, j.scheduled_end), j.id
    ON CONFLICT DO NOTHING`);
  await knex.raw(`INSERT INTO loyalty_ledger (client_id, reason, source_id, points, job_id, created_at)
    SELECT r.client_id, 'review', r.id, 50, r.job_id, r.created_at
    FROM reviews r JOIN profiles p ON p.id = r.client_id WHERE r.client_id IS NOT NULL
    ON CONFLICT DO NOTHING`);

  await knex.schema.createTable('provider_rewards', (t) => {
    t.uuid('provider_id').primary().references('profiles.id').onDelete('CASCADE'); // as on jobs and reviews
    t.integer('percent_off').notNullable();
    t.text('min_tier').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE provider_rewards ADD CONSTRAINT provider_rewards_valid
    CHECK (percent_off BETWEEN 1 AND 50 AND min_tier IN ('bronze', 'silver', 'gold'))`);

  await knex.schema.createTable('waitlist_signups', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.specificType('email', 'citext').notNullable();
    t.text('name');
    t.text('role').notNullable();
    t.text('municipality_slug'); // checked by the api; no key, so the geography can be rebuilt
    t.specificType('categories', 'text[]').notNullable().defaultTo('{}');
    t.text('locale').notNullable();
    t.text('token_hash');
    t.timestamp('token_expires_at', { useTz: true });
    t.timestamp('verified_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE waitlist_signups ADD CONSTRAINT waitlist_signups_email_once UNIQUE (email)');
  await knex.raw(`ALTER TABLE waitlist_signups ADD CONSTRAINT waitlist_signups_valid
    CHECK (role IN ('client', 'provider') AND locale IN ('es', 'en'))`);
  await knex.raw('CREATE UNIQUE INDEX waitlist_signups_token ON waitlist_signups (token_hash) WHERE token_hash IS NOT NULL');
  await knex.raw('CREATE INDEX waitlist_signups_created ON waitlist_signups (created_at DESC, id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('waitlist_signups');
  await knex.schema.dropTableIfExists('provider_rewards');
  await knex.schema.dropTableIfExists('loyalty_ledger');
  await knex.raw('DROP FUNCTION IF EXISTS loyalty_ledger_append_only()');
}
