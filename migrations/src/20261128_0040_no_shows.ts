import type { Knex } from 'knex';

/**
 * No-shows (issue 28, contract/src/no-shows.ts): from 15 minutes after a job's start, its provider
 * may mark the client absent or its client may report that the provider did not come. One report
 * per job (`no_show_reports_one_per_job`: two reports at once meet it, the later answers 409). The
 * reporter's words are `note`; the other side answers once (`answer`, `answered_at`). `fee_cents`
 * is the late fee the provider's cancellation policy put on the client's absence when it was
 * reported (also written to `jobs.fee_cents` with `fee_kind` 'client_no_show', migration 0038);
 * null when the provider did not come, or when the policy has no fee. An admin reads the open
 * reports and resolves them with a note, possibly waiving the fee (`fee_waived`; the job's fee is
 * cleared, the report keeps the figure that was recorded).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('no_show_reports', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('job_id').notNullable().unique({ indexName: 'no_show_reports_one_per_job' }).references('jobs.id').onDelete('CASCADE');
    t.text('reported_by').notNullable().checkIn(['provider', 'client'], 'no_show_reports_reporter_known');
    t.uuid('reporter_id').references('profiles.id').onDelete('SET NULL');
    t.text('note').notNullable();
    t.text('answer');
    t.timestamp('answered_at', { useTz: true });
    t.integer('fee_cents');
    t.boolean('fee_waived').notNullable().defaultTo(false);
    t.text('status').notNullable().defaultTo('open').checkIn(['open', 'resolved'], 'no_show_reports_status_known');
    t.uuid('resolved_by').references('profiles.id').onDelete('SET NULL');
    t.text('resolution');
    t.timestamp('resolved_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE no_show_reports ADD CONSTRAINT no_show_reports_fee_whole CHECK (fee_cents IS NULL OR fee_cents >= 0)');
  await knex.raw('ALTER TABLE no_show_reports ADD CONSTRAINT no_show_reports_answered_whole CHECK ((answer IS NULL) = (answered_at IS NULL))');
  await knex.raw(`ALTER TABLE no_show_reports ADD CONSTRAINT no_show_reports_resolved_whole CHECK ((status = 'resolved') = (resolved_at IS NOT NULL))`);
  // The admin's list: open reports, oldest first.
  await knex.raw(`CREATE INDEX no_show_reports_open ON no_show_reports (created_at, id) WHERE status = 'open'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('no_show_reports');
}
