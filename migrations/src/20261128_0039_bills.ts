import type { Knex } from 'knex';

/**
 * Bills (issue 28): a job's final lines and total. When a provider ends a job a draft bill is made
 * from the accepted quote version (hourly lines take the worked hours), else from the job's rate
 * snapshot, else empty; the provider confirms it (editing the lines if needed) and it never changes
 * again. Lines are stored as contract/src/quotes.ts `priceLines` returns them, like a quote
 * version's, so a receipt reads the figures the provider confirmed.
 *
 * `number` is the receipt's number: one sequence for every bill, given when the bill is made, so
 * receipts are numbered in the order jobs ended (gaps are harmless: a deleted job takes its number).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('job_bills', (t) => {
    t.uuid('job_id').primary().references('jobs.id').onDelete('CASCADE');
    t.jsonb('lines').notNullable().defaultTo('[]');
    t.integer('subtotal_cents').notNullable().defaultTo(0);
    t.integer('tax_cents').notNullable().defaultTo(0);
    t.integer('total_cents').notNullable().defaultTo(0);
    t.text('status').notNullable().defaultTo('draft').checkIn(['draft', 'confirmed'], 'job_bills_status_known');
    // The accepted quote version the draft was made from (null: from the rate, or empty).
    t.integer('from_quote_version');
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE job_bills ADD COLUMN number bigint GENERATED ALWAYS AS IDENTITY CONSTRAINT job_bills_number_unique UNIQUE');
  await knex.raw(`ALTER TABLE job_bills ADD CONSTRAINT job_bills_amounts CHECK (
    subtotal_cents >= 0 AND tax_cents >= 0 AND total_cents = subtotal_cents + tax_cents)`);
  await knex.raw(`ALTER TABLE job_bills ADD CONSTRAINT job_bills_confirmed_whole CHECK ((status = 'confirmed') = (confirmed_at IS NOT NULL))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('job_bills');
}
