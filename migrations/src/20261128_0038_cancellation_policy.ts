import type { Knex } from 'knex';

/**
 * Cancellation policies and fees (issue 28, contract/src/cancellation.ts). A provider's policy:
 * `cancel_free_hours` (2, 12, 24 or 48; null: cancelling is always free), the fee after it,
 * `cancel_fee_kind` ('fixed' in cents, 'percent' a whole 1–100) and `cancel_fee_value`, set
 * together with the window or not at all, and `reschedule_notice_hours` (0, 2, 12, 24 or 48), the
 * notice a client gives to ask for another time. Every provider starts always free, any notice.
 *
 * A job records the fee its client owes: `fee_cents` and `fee_kind` ('late_cancellation' when the
 * client cancelled inside the window, 'client_no_show' when the provider marked them absent), set
 * together or not at all. The product holds no money: the fee is a record, counted in earnings.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('providers', (t) => {
    t.smallint('cancel_free_hours');
    t.text('cancel_fee_kind');
    t.integer('cancel_fee_value');
    t.smallint('reschedule_notice_hours').notNullable().defaultTo(0);
  });
  await knex.raw(`ALTER TABLE providers ADD CONSTRAINT providers_cancellation_policy CHECK (
    (cancel_free_hours IS NULL AND cancel_fee_kind IS NULL AND cancel_fee_value IS NULL)
    OR (cancel_free_hours IS NOT NULL AND cancel_fee_kind IS NOT NULL AND cancel_fee_value IS NOT NULL
      AND cancel_free_hours IN (2, 12, 24, 48) AND (
      (cancel_fee_kind = 'fixed' AND cancel_fee_value BETWEEN 100 AND 100000)
      OR (cancel_fee_kind = 'percent' AND cancel_fee_value BETWEEN 1 AND 100))))`);
  await knex.raw(`ALTER TABLE providers ADD CONSTRAINT providers_reschedule_notice CHECK (reschedule_notice_hours IN (0, 2, 12, 24, 48))`);

  await knex.schema.alterTable('jobs', (t) => {
    t.integer('fee_cents');
    t.text('fee_kind');
  });
  await knex.raw(`ALTER TABLE jobs ADD CONSTRAINT jobs_fee_whole CHECK (
    (fee_cents IS NULL AND fee_kind IS NULL)
    OR (fee_cents IS NOT NULL AND fee_kind IS NOT NULL AND fee_cents >= 0 AND fee_kind IN ('late_cancellation', 'client_no_show')))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_fee_whole');
  await knex.schema.alterTable('jobs', (t) => {
    t.dropColumn('fee_kind');
    t.dropColumn('fee_cents');
  });
  await knex.raw('ALTER TABLE providers DROP CONSTRAINT IF EXISTS providers_reschedule_notice');
  await knex.raw('ALTER TABLE providers DROP CONSTRAINT IF EXISTS providers_cancellation_policy');
  await knex.schema.alterTable('providers', (t) => {
    t.dropColumn('reschedule_notice_hours');
    t.dropColumn('cancel_fee_value');
    t.dropColumn('cancel_fee_kind');
    t.dropColumn('cancel_free_hours');
  });
}
