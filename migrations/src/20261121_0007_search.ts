import type { Knex } from 'knex';

/**
 * Finding providers (DESIGN.md §5–§7): location, badges and counters on providers with the
 * indexes search reads; jobs with the exclusion constraint that makes double-booking impossible;
 * reviews; and the free-slot rule of DESIGN.md §6 as SQL functions, so the availability service,
 * the search sort "soonest" and the filter "available on" all read the same one rule.
 */
// The statuses that hold a provider's time (DESIGN.md §5), written out: migrations import nothing
// outside migrations/. api/test/availability.test.ts proves the function honours them.
const heldStatuses = ['pending', 'upcoming', 'in_progress', 'modification_requested', 'schedule_change_pending', 'continuation_proposed'];
const jobStatuses = [...heldStatuses, 'completed', 'cancelled', 'cancelled_by_client', 'expired'];
const locationTypes = ['on_site', 'provider_office', 'remote', 'client_location'];
const held = heldStatuses.map((s) => `'${s}'`).join(', ');

export async function up(knex: Knex): Promise<void> {
  for (const extension of ['cube', 'earthdistance']) await knex.raw('CREATE EXTENSION IF NOT EXISTS ??', [extension]);

  await knex.schema.alterTable('providers', (t) => {
    t.double('lat');
    t.double('lng');
    t.text('municipality_slug'); // FK to municipalities.slug comes with the geography migration
    t.timestamp('verified_at', { useTz: true });
    t.decimal('rating_average', 3, 2).notNullable().defaultTo(0);
    t.integer('review_count').notNullable().defaultTo(0);
    t.integer('completed_jobs').notNullable().defaultTo(0);
  });
  // Accent-insensitive text of the provider's own words: trigrams for typos and parts of words,
  // a 'simple' tsvector (no stemming: the text mixes Spanish and English) for whole words.
  await knex.raw(`
    ALTER TABLE providers
      ADD COLUMN search_text text GENERATED ALWAYS AS (
        lower(f_unaccent(company_name || ' ' || coalesce(company_description, '')))) STORED,
      ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        to_tsvector('simple'::regconfig, lower(f_unaccent(company_name || ' ' || coalesce(company_description, ''))))) STORED`);
  await knex.raw('CREATE INDEX providers_search_trgm ON providers USING gin (search_text gin_trgm_ops)');
  await knex.raw('CREATE INDEX providers_search_vector ON providers USING gin (search_vector)');
  await knex.raw('CREATE INDEX providers_location ON providers USING gist (ll_to_earth(lat, lng))');
  await knex.raw('CREATE INDEX providers_municipality ON providers (municipality_slug, id)');
  await knex.raw('CREATE INDEX providers_by_rating ON providers (rating_average DESC, review_count DESC, id)');
  await knex.raw('CREATE INDEX providers_by_reviews ON providers (review_count DESC, id)');

  await knex.schema.createTable('jobs', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('client_id').notNullable().references('profiles.id').onDelete('CASCADE');
    // providers.id is profiles.id; referencing the account keeps the providers table droppable on
    // its own (api/test/providers-migration.test.ts rolls 0005 back and forward on a full schema).
    t.uuid('provider_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.integer('category_id').references('categories.id').onDelete('SET NULL');
    t.text('title').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('status').notNullable().defaultTo('pending').checkIn(jobStatuses);
    t.timestamp('scheduled_start', { useTz: true }).notNullable();
    t.timestamp('scheduled_end', { useTz: true }).notNullable();
    t.decimal('duration_hours').notNullable();
    t.decimal('estimated_hours');
    t.text('location_type').notNullable().defaultTo('on_site').checkIn(locationTypes);
    t.text('location_address');
    t.integer('session_number').notNullable().defaultTo(1);
    t.integer('total_sessions').notNullable().defaultTo(1);
    t.uuid('original_job_id').references('jobs.id').onDelete('SET NULL');
    t.timestamp('proposed_start', { useTz: true });
    t.timestamp('proposed_end', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['provider_id', 'scheduled_start'], 'jobs_by_provider_start');
    t.index(['client_id', 'scheduled_start'], 'jobs_by_client_start');
    t.index(['created_at', 'category_id'], 'jobs_by_created_category'); // trending: bookings of the last days
  });
  await knex.raw('ALTER TABLE jobs ADD CONSTRAINT jobs_end_after_start CHECK (scheduled_end > scheduled_start)');
  // PostgreSQL itself refuses two held times that overlap for one provider (DESIGN.md §5).
  await knex.raw(`
    ALTER TABLE jobs ADD CONSTRAINT jobs_no_overlapping_held_time
      EXCLUDE USING gist (provider_id WITH =, tstzrange(scheduled_start, scheduled_end) WITH &&)
      WHERE (status IN (${held}))`);

  await knex.schema.createTable('reviews', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('job_id').unique().references('jobs.id').onDelete('SET NULL');
    t.uuid('provider_id').notNullable().references('profiles.id').onDelete('CASCADE'); // as on jobs
    t.uuid('client_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.smallint('rating').notNullable();
    t.text('comment').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['provider_id', 'created_at', 'id'], 'reviews_by_provider_created');
    t.index(['client_id'], 'reviews_by_client');
  });
  await knex.raw('ALTER TABLE reviews ADD CONSTRAINT reviews_rating_range CHECK (rating BETWEEN 1 AND 5)');

  await counterTriggers(knex);
  await slotFunctions(knex);

  await knex.raw('CREATE OR REPLACE VIEW provider_client_links AS SELECT DISTINCT provider_id, client_id FROM jobs');
}

/**
 * rating_average, review_count and completed_jobs follow reviews and jobs whoever writes them
 * (the api, the demo generator). Statement triggers with transition tables recount each touched
 * provider once per statement, so a bulk insert of a million reviews is not a million updates.
 */
async function counterTriggers(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION providers_recount(ids uuid[]) RETURNS void LANGUAGE sql AS $$
      UPDATE providers p SET
        rating_average = coalesce((SELECT round(avg(r.rating), 2) FROM reviews r WHERE r.provider_id = p.id), 0),
        review_count = (SELECT count(*) FROM reviews r WHERE r.provider_id = p.id),
        completed_jobs = (SELECT count(*) FROM jobs j WHERE j.provider_id = p.id AND j.status = 'completed')
      WHERE p.id = ANY(ids)
    $$`);
  for (const table of ['reviews', 'jobs']) {
    const recount = (from: string) => `PERFORM providers_recount(ARRAY(SELECT DISTINCT provider_id FROM ${from}));`;
    await knex.raw(`
      CREATE OR REPLACE FUNCTION ${table}_recount_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${recount('new_rows')} RETURN NULL; END $$;
      CREATE OR REPLACE FUNCTION ${table}_recount_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${recount('old_rows')} RETURN NULL; END $$;
      CREATE OR REPLACE FUNCTION ${table}_recount_updated() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM providers_recount(ARRAY(SELECT provider_id FROM new_rows UNION SELECT provider_id FROM old_rows)); RETURN NULL; END $$;
      CREATE TRIGGER ${table}_counters_insert AFTER INSERT ON ${table}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_recount_inserted();
      CREATE TRIGGER ${table}_counters_delete AFTER DELETE ON ${table}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_recount_deleted();
      CREATE TRIGGER ${table}_counters_update AFTER UPDATE ON ${table}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${table}_recount_updated();`);
  }
}

/**
 * DESIGN.md §6: the free slots of a wall-clock day = that weekday's business hours in the
 * provider's time zone, minus a blocked date, minus held job times, minus the past; starts on
 * quarter hours of the local clock.
 */
async function slotFunctions(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE OR REPLACE FUNCTION provider_free_slots(p_provider uuid, p_day date, p_minutes int, p_now timestamptz)
    RETURNS TABLE (slot_start timestamptz, slot_end timestamptz)
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
      WITH hours AS (
        SELECT pr.timezone AS tz,
               pr.business_hours -> (ARRAY['monday','tuesday','wednesday','thursday','friday','saturday','sunday'])[extract(isodow FROM p_day)::int] AS day
        FROM providers pr
        WHERE pr.id = p_provider
          AND NOT EXISTS (SELECT 1 FROM blocked_dates b WHERE b.provider_id = p_provider AND b.date = p_day)
      ), opening AS (
        SELECT (p_day + ceil(extract(epoch FROM (day->>'from')::time) / 900) * interval '15 minutes') AT TIME ZONE tz AS opens,
               (p_day + (day->>'to')::time) AT TIME ZONE tz AS closes
        FROM hours WHERE (day->>'open')::boolean
      )
      SELECT s, s + make_interval(mins => p_minutes)
      FROM opening, generate_series(opens, closes - make_interval(mins => p_minutes), interval '15 minutes') AS s
      WHERE s >= p_now
        AND NOT EXISTS (
          SELECT 1 FROM jobs j
          WHERE j.provider_id = p_provider AND j.status IN (${held})
            AND tstzrange(j.scheduled_start, j.scheduled_end) && tstzrange(s, s + make_interval(mins => p_minutes)))
      ORDER BY s
    $$`);
  // The first free start from now within p_days local days (search: "next available", "soonest").
  await knex.raw(`
    CREATE OR REPLACE FUNCTION provider_next_available(p_provider uuid, p_now timestamptz, p_minutes int, p_days int)
    RETURNS timestamptz LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
    DECLARE
      today date;
      found timestamptz;
    BEGIN
      SELECT (p_now AT TIME ZONE timezone)::date INTO today FROM providers WHERE id = p_provider;
      IF today IS NULL THEN RETURN NULL; END IF;
      FOR i IN 0 .. p_days - 1 LOOP
        SELECT min(slot_start) INTO found FROM provider_free_slots(p_provider, today + i, p_minutes, p_now);
        IF found IS NOT NULL THEN RETURN found; END IF;
      END LOOP;
      RETURN NULL;
    END $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('CREATE OR REPLACE VIEW provider_client_links AS SELECT NULL::uuid AS provider_id, NULL::uuid AS client_id WHERE false');
  await knex.raw('DROP FUNCTION IF EXISTS provider_next_available(uuid, timestamptz, int, int)');
  await knex.raw('DROP FUNCTION IF EXISTS provider_free_slots(uuid, date, int, timestamptz)');
  await knex.schema.dropTableIfExists('reviews');
  await knex.schema.dropTableIfExists('jobs');
  for (const table of ['reviews', 'jobs']) {
    for (const kind of ['inserted', 'deleted', 'updated']) await knex.raw(`DROP FUNCTION IF EXISTS ${table}_recount_${kind}()`);
  }
  await knex.raw('DROP FUNCTION IF EXISTS providers_recount(uuid[])');
  await knex.schema.alterTable('providers', (t) => {
    t.dropColumns('search_vector', 'search_text', 'lat', 'lng', 'municipality_slug', 'verified_at', 'rating_average', 'review_count', 'completed_jobs');
  });
  await knex.raw('DROP INDEX IF EXISTS providers_location');
}
