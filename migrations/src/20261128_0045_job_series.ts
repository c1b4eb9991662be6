import type { Knex } from 'knex';

/**
 * Recurring jobs (issue 30, decision record 0057): a client books a series of visits every 1, 2 or
 * 4 weeks. The series is one row; each visit is its own job (its own status, answer and cancel)
 * that points at it with its visit number, so the exclusion constraint on held time guards every
 * visit as it guards any booking. A visit left out for a conflict is simply not a job: the series
 * keeps the number of visits asked for, and a job's visit number says which one it is.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('job_series', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('client_id').notNullable().references('id').inTable('profiles').onDelete('CASCADE');
    t.uuid('provider_id').notNullable().references('id').inTable('profiles').onDelete('CASCADE');
    t.smallint('every_weeks').notNullable();
    t.smallint('visits').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
  await knex.raw('ALTER TABLE job_series ADD CONSTRAINT job_series_every CHECK (every_weeks IN (1, 2, 4))');
  await knex.raw('ALTER TABLE job_series ADD CONSTRAINT job_series_visits CHECK (visits BETWEEN 2 AND 52)');
  await knex.schema.alterTable('jobs', (t) => {
    t.uuid('series_id').references('id').inTable('job_series');
    t.smallint('series_visit');
    t.index(['series_id', 'series_visit'], 'jobs_series_visit');
  });
  await knex.raw('ALTER TABLE jobs ADD CONSTRAINT jobs_series_visit_whole CHECK ((series_id IS NULL) = (series_visit IS NULL) AND (series_visit IS NULL OR series_visit >= 1))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_series_visit_whole');
  await knex.schema.alterTable('jobs', (t) => {
    t.dropIndex(['series_id', 'series_visit'], 'jobs_series_visit');
    t.dropColumn('series_visit');
    t.dropColumn('series_id');
  });
  await knex.schema.dropTable('job_series');
}
