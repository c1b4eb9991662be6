import type { Knex } from 'knex';

/**
 * Notifications, reminders and calendar feeds (DESIGN.md §5): what was sent to whom about
 * a job, so that with several api processes hearing the same event only one sends it (the unique
 * key settles it); which reminders (24 h, 2 h before) went out; and each account's secret iCal
 * feed address.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('job_notifications', (t) => {
    t.bigIncrements('id');
    t.uuid('job_id').notNullable().references('jobs.id').onDelete('CASCADE');
    t.uuid('recipient_id').notNullable().references('profiles.id').onDelete('CASCADE');
    // The event that caused it: action, new status and time of the transition.
    t.text('event_key').notNullable();
    t.text('channel').checkIn(['email', 'sms']);
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['job_id', 'recipient_id', 'event_key'], { indexName: 'job_notifications_once' });
  });

  await knex.schema.createTable('job_reminders', (t) => {
    t.uuid('job_id').notNullable().references('jobs.id').onDelete('CASCADE');
    t.text('kind').notNullable().checkIn(['24h', '2h']);
    // The start the reminder was about: a job moved to another time is reminded again.
    t.timestamp('scheduled_start', { useTz: true }).notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['job_id', 'kind', 'scheduled_start']);
  });
  // The reminder job looks for upcoming jobs starting within the next day.
  await knex.raw(`CREATE INDEX jobs_upcoming_by_start ON jobs (scheduled_start) WHERE status = 'upcoming'`);

  await knex.schema.createTable('calendar_feeds', (t) => {
    t.uuid('user_id').primary().references('profiles.id').onDelete('CASCADE');
    // Random, unguessable; retrievable like a calendar service's secret address. Regenerating
    // replaces it, and the old address stops working.
    t.text('token').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('calendar_feeds');
  await knex.raw('DROP INDEX IF EXISTS jobs_upcoming_by_start');
  await knex.schema.dropTableIfExists('job_reminders');
  await knex.schema.dropTableIfExists('job_notifications');
}
