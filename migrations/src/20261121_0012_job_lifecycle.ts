import type { Knex } from 'knex';
import * as freeSlotsSpeed from './20261121_0010_free_slots_speed.ts';

/**
 * The life of a job (DESIGN.md §5): who moved it from which status to which (job_transitions),
 * time extensions, answers kept for Idempotency-Key, the columns of starting, ending, asking for
 * changes and hiding, and the provider's hourly rate (decision record 0013).
 *
 * A proposed alternative time is held too until answered. The held time of a job becomes a
 * multirange — its schedule, plus its proposal while the job is schedule_change_pending — and the
 * exclusion constraint of migration 0007 is rebuilt over it under the same name: PostgreSQL then
 * refuses a proposal overlapping another job's time, and a booking overlapping a proposal, with no
 * trigger (the demo island's bulk load turns triggers off) and no second table to keep in step.
 */
// Written out: migrations import nothing outside migrations/ (contract/src/jobs.ts has the same list).
const held = ['pending', 'upcoming', 'in_progress', 'modification_requested', 'schedule_change_pending', 'continuation_proposed']
  .map((s) => `'${s}'`)
  .join(', ');
const awaitingAnswer = "'pending', 'schedule_change_pending', 'continuation_proposed'";

export async function up(knex: Knex): Promise<void> {
  await knex.raw('SET LOCAL statement_timeout = 0');
  await knex.schema.alterTable('jobs', (t) => {
    t.decimal('actual_hours');
    t.timestamp('started_at', { useTz: true });
    t.timestamp('ended_at', { useTz: true });
    t.text('modification_request');
    t.text('decline_reason');
    t.boolean('review_prompt_shown').notNullable().defaultTo(false);
    t.uuid('created_by').references('profiles.id').onDelete('SET NULL');
    // DELETE /jobs/{id} by a party hides a finished job from that party's lists (decision 0013).
    t.timestamp('client_hidden_at', { useTz: true });
    t.timestamp('provider_hidden_at', { useTz: true });
  });
  await knex.raw('ALTER TABLE jobs DROP CONSTRAINT jobs_no_overlapping_held_time');
  await knex.raw(`
    ALTER TABLE jobs ADD COLUMN held_time tstzmultirange GENERATED ALWAYS AS (
      CASE WHEN status = 'schedule_change_pending' AND proposed_start IS NOT NULL AND proposed_end > proposed_start
        THEN tstzmultirange(tstzrange(scheduled_start, scheduled_end), tstzrange(proposed_start, proposed_end))
        ELSE tstzmultirange(tstzrange(scheduled_start, scheduled_end)) END) STORED`);
  await knex.raw(`
    ALTER TABLE jobs ADD CONSTRAINT jobs_no_overlapping_held_time
      EXCLUDE USING gist (provider_id WITH =, held_time WITH &&)
      WHERE (status IN (${held}))`);
  await knex.raw(`ALTER TABLE jobs ADD CONSTRAINT jobs_proposal_after_start CHECK (proposed_end IS NULL OR proposed_end > proposed_start)`);
  // Free slots skip proposals (below); the expiry job finds what waits for an answer.
  await knex.raw('CREATE INDEX jobs_by_provider_proposed ON jobs (provider_id, proposed_start) WHERE proposed_start IS NOT NULL');
  // Sessions of a series, and the ON DELETE SET NULL of original_job_id when a job is deleted.
  await knex.raw('CREATE INDEX jobs_by_original ON jobs (original_job_id) WHERE original_job_id IS NOT NULL');
  await knex.raw(`CREATE INDEX jobs_awaiting_answer ON jobs ((coalesce(proposed_start, scheduled_start))) WHERE status IN (${awaitingAnswer})`);

  await knex.schema.createTable('job_transitions', (t) => {
    t.bigIncrements('id');
    t.uuid('job_id').notNullable().references('jobs.id').onDelete('CASCADE');
    t.text('from_status');
    t.text('to_status').notNullable();
    t.text('action').notNullable();
    t.text('actor').notNullable().checkIn(['client', 'provider', 'system']);
    t.uuid('actor_id').references('profiles.id').onDelete('SET NULL');
    t.timestamp('at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['job_id', 'at'], 'job_transitions_by_job');
  });

  await knex.schema.createTable('job_time_extensions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('job_id').notNullable().references('jobs.id').onDelete('CASCADE');
    t.uuid('requested_by').references('profiles.id').onDelete('SET NULL');
    t.decimal('additional_hours').notNullable();
    t.text('reason');
    t.text('status').notNullable().defaultTo('pending').checkIn(['pending', 'approved', 'declined']);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('decided_at', { useTz: true });
    t.index(['job_id', 'created_at'], 'job_time_extensions_by_job');
  });
  await knex.raw('ALTER TABLE job_time_extensions ADD CONSTRAINT job_time_extensions_hours_positive CHECK (additional_hours > 0)');
  // One open request at a time per job: the client answers it before another comes.
  await knex.raw(`CREATE UNIQUE INDEX job_time_extensions_one_pending ON job_time_extensions (job_id) WHERE status = 'pending'`);

  // The first answer to a POST with an Idempotency-Key (DESIGN.md §3), per account and key.
  await knex.schema.createTable('idempotency_keys', (t) => {
    t.uuid('user_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.text('key').notNullable();
    t.text('request_hash').notNullable();
    t.integer('response_status');
    t.jsonb('response_body');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'key']);
  });

  await knex.raw('ALTER TABLE providers ADD COLUMN hourly_rate_cents integer');
  await knex.raw('ALTER TABLE providers ADD CONSTRAINT providers_hourly_rate_range CHECK (hourly_rate_cents BETWEEN 0 AND 10000000)');

  await freeSlotsWithProposals(knex);
  await completedJobCounters(knex);
}

/**
 * Migration 0007 recounts a provider's rating, reviews and completed jobs on every write to jobs;
 * only a job entering or leaving `completed` (or moving provider) changes them. Counting just
 * those takes the recount — and the provider row update it causes — off every booking and every
 * other transition (it was most of an insert's time on a 500,000-job island, bench/booking.ts).
 */
async function completedJobCounters(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION jobs_recount_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM providers_recount(ARRAY(SELECT DISTINCT provider_id FROM new_rows WHERE status = 'completed'));
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION jobs_recount_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM providers_recount(ARRAY(SELECT DISTINCT provider_id FROM old_rows WHERE status = 'completed'));
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION jobs_recount_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM providers_recount(ARRAY(
        SELECT p FROM new_rows n JOIN old_rows o ON o.id = n.id,
          LATERAL (VALUES (n.provider_id), (o.provider_id)) AS touched(p)
        WHERE (n.status IS DISTINCT FROM o.status AND 'completed' IN (n.status, o.status))
           OR (n.provider_id <> o.provider_id AND 'completed' IN (n.status, o.status))));
      RETURN NULL;
    END $$;`);
}

/** 0007's counters: every write recounts its providers. */
async function everyJobCounters(knex: Knex): Promise<void> {
  const recount = (from: string) => `PERFORM providers_recount(ARRAY(SELECT DISTINCT provider_id FROM ${from}));`;
  await knex.raw(`
    CREATE OR REPLACE FUNCTION jobs_recount_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${recount('new_rows')} RETURN NULL; END $$;
    CREATE OR REPLACE FUNCTION jobs_recount_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN ${recount('old_rows')} RETURN NULL; END $$;
    CREATE OR REPLACE FUNCTION jobs_recount_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM providers_recount(ARRAY(SELECT provider_id FROM new_rows UNION SELECT provider_id FROM old_rows)); RETURN NULL; END $$;`);
}

/** Migration 0010's free slots, with proposed alternative times counted as taken (DESIGN.md §5). */
async function freeSlotsWithProposals(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION provider_free_slots(p_provider uuid, p_day date, p_minutes int, p_now timestamptz)
    RETURNS TABLE (slot_start timestamptz, slot_end timestamptz)
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
      WITH opening AS (
        SELECT (p_day + ceil(extract(epoch FROM (day->>'from')::time) / 900) * interval '15 minutes') AT TIME ZONE tz AS opens,
               (p_day + (day->>'to')::time) AT TIME ZONE tz AS closes
        FROM (SELECT pr.timezone AS tz,
                     pr.business_hours -> (ARRAY['monday','tuesday','wednesday','thursday','friday','saturday','sunday'])[extract(isodow FROM p_day)::int] AS day
              FROM providers pr
              WHERE pr.id = p_provider
                AND NOT EXISTS (SELECT 1 FROM blocked_dates b WHERE b.provider_id = p_provider AND b.date = p_day)) AS hours
        WHERE (day->>'open')::boolean
      ), busy AS (
        SELECT j.scheduled_start AS busy_start, j.scheduled_end AS busy_end FROM jobs j, opening o
        WHERE j.provider_id = p_provider AND j.status IN (${held})
          AND j.scheduled_start < o.closes AND j.scheduled_end > o.opens
        UNION ALL
        SELECT j.proposed_start, j.proposed_end FROM jobs j, opening o
        WHERE j.provider_id = p_provider AND j.proposed_start IS NOT NULL AND j.status = 'schedule_change_pending'
          AND j.proposed_start < o.closes AND j.proposed_end > o.opens
      )
      SELECT s, s + make_interval(mins => p_minutes)
      FROM opening, generate_series(opens, closes - make_interval(mins => p_minutes), interval '15 minutes') AS s
      WHERE s >= p_now
        AND NOT EXISTS (SELECT 1 FROM busy WHERE busy.busy_start < s + make_interval(mins => p_minutes) AND busy.busy_end > s)
      ORDER BY s
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await everyJobCounters(knex);
  await freeSlotsSpeed.up(knex);
  await knex.raw('ALTER TABLE providers DROP CONSTRAINT IF EXISTS providers_hourly_rate_range');
  await knex.raw('ALTER TABLE providers DROP COLUMN IF EXISTS hourly_rate_cents');
  await knex.schema.dropTableIfExists('idempotency_keys');
  await knex.schema.dropTableIfExists('job_time_extensions');
  await knex.schema.dropTableIfExists('job_transitions');
  await knex.raw('DROP INDEX IF EXISTS jobs_awaiting_answer');
  await knex.raw('DROP INDEX IF EXISTS jobs_by_original');
  await knex.raw('DROP INDEX IF EXISTS jobs_by_provider_proposed');
  await knex.raw('ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_proposal_after_start');
  await knex.raw('ALTER TABLE jobs DROP CONSTRAINT jobs_no_overlapping_held_time');
  await knex.raw('ALTER TABLE jobs DROP COLUMN held_time');
  await knex.raw(`
    ALTER TABLE jobs ADD CONSTRAINT jobs_no_overlapping_held_time
      EXCLUDE USING gist (provider_id WITH =, tstzrange(scheduled_start, scheduled_end) WITH &&)
      WHERE (status IN (${held}))`);
  await knex.schema.alterTable('jobs', (t) => {
    t.dropColumns(
      'actual_hours',
      'started_at',
      'ended_at',
      'modification_request',
      'decline_reason',
      'review_prompt_shown',
      'created_by',
      'client_hidden_at',
      'provider_hidden_at',
    );
  });
}
