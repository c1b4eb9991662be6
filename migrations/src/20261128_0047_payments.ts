import type { Knex } from 'knex';

/**
 * Deposits and payments (issue 29, contract/src/payments.ts). The product never holds money: each
 * provider connects their own ATH Business account, and these tables record what the processor
 * reported when read back.
 *
 * - `payment_accounts`: one per provider. The public token in the clear (it is public: ATH Móvil's
 *   button prints it in the page), the private token only encrypted (AES-256-GCM with a key from the
 *   configuration, api/src/lib/payments/token-cipher.ts), never selected by a route that answers it.
 * - `provider_categories.deposit_*`: a provider's deposit per service (none, fixed cents, a percent).
 * - `payments`: one row per attempt to pay (or a payment recorded another way). `ecommerce_id` is the
 *   processor's id, unique: every notification and the reconciler find the one row and lock it, so
 *   twenty notifications at once record one payment. `auth_token_ciphertext`: the short-lived token
 *   that authorizes the payment, encrypted like the private token. `refunded_cents` never passes
 *   `amount_cents` (a check). `refund_decided_at`: a cancellation's refund was worked out (so a
 *   restart does not refund twice).
 * - `payment_refunds`: each refund as the processor confirmed it.
 * - `jobs.deposit_cents`, `jobs.deposit_hold_until`: a quote accepted with a deposit holds the
 *   provider's time (the job stays `pending`) until the deposit is read back paid, or the hold ends.
 */
const paymentStatuses = ['open', 'paid', 'declined', 'expired', 'cancelled', 'refused'];
const purposes = ['deposit', 'balance', 'other'];
const methods = ['athmovil', 'cash', 'transfer', 'check', 'other'];
const refundReasons = ['provider_cancelled', 'client_cancelled', 'by_provider'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payment_accounts', (t) => {
    t.uuid('provider_id').primary().references('providers.id').onDelete('CASCADE');
    t.text('processor').notNullable().defaultTo('athmovil').checkIn(['athmovil'], 'payment_accounts_processor_known');
    t.text('public_token').notNullable();
    t.text('private_token_ciphertext').notNullable();
    t.boolean('demo').notNullable().defaultTo(false);
    t.text('business_name');
    t.text('business_customer_id');
    t.timestamp('connected_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('tested_at', { useTz: true });
    t.boolean('test_ok');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.alterTable('provider_categories', (t) => {
    t.text('deposit_kind').notNullable().defaultTo('none').checkIn(['none', 'fixed', 'share'], 'provider_categories_deposit_kind_known');
    t.integer('deposit_fixed_cents');
    t.integer('deposit_share_percent');
  });
  await knex.raw(`ALTER TABLE provider_categories ADD CONSTRAINT provider_categories_deposit_whole CHECK (
    (deposit_kind = 'none' AND deposit_fixed_cents IS NULL AND deposit_share_percent IS NULL)
    OR (deposit_kind = 'fixed' AND deposit_fixed_cents BETWEEN 100 AND 150000 AND deposit_share_percent IS NULL)
    OR (deposit_kind = 'share' AND deposit_share_percent BETWEEN 1 AND 100 AND deposit_fixed_cents IS NULL))`);

  await knex.schema.createTable('payments', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('job_id').notNullable().references('jobs.id').onDelete('CASCADE');
    t.uuid('provider_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.uuid('client_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.text('purpose').notNullable().checkIn(purposes, 'payments_purpose_known');
    t.text('method').notNullable().checkIn(methods, 'payments_method_known');
    t.text('status').notNullable().defaultTo('open').checkIn(paymentStatuses, 'payments_status_known');
    t.integer('amount_cents').notNullable();
    t.integer('refunded_cents').notNullable().defaultTo(0);
    t.text('processor');
    t.text('ecommerce_id').unique({ indexName: 'payments_one_per_ecommerce_id' });
    t.text('auth_token_ciphertext');
    t.text('reference');
    t.text('phone');
    t.text('business_customer_id');
    t.text('failure_code');
    t.boolean('demo').notNullable().defaultTo(false);
    t.text('note');
    t.uuid('recorded_by').references('profiles.id').onDelete('SET NULL');
    t.timestamp('expires_at', { useTz: true });
    t.timestamp('paid_at', { useTz: true });
    t.timestamp('refund_decided_at', { useTz: true });
    t.timestamp('checked_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE payments ADD CONSTRAINT payments_amount_positive CHECK (amount_cents > 0)');
  await knex.raw('ALTER TABLE payments ADD CONSTRAINT payments_refunds_within CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents)');
  await knex.raw("ALTER TABLE payments ADD CONSTRAINT payments_processor_whole CHECK ((method = 'athmovil') = (processor IS NOT NULL AND ecommerce_id IS NOT NULL))");
  await knex.raw("ALTER TABLE payments ADD CONSTRAINT payments_paid_whole CHECK ((status = 'paid') = (paid_at IS NOT NULL))");
  await knex.raw('CREATE INDEX payments_by_job ON payments (job_id, created_at)');
  await knex.raw('CREATE INDEX payments_by_provider ON payments (provider_id, created_at)');
  // The reconciler walks the open ones; admins page through all, newest first.
  await knex.raw("CREATE INDEX payments_open ON payments (checked_at NULLS FIRST) WHERE status = 'open'");
  await knex.raw('CREATE INDEX payments_newest ON payments (created_at DESC, id DESC)');

  await knex.schema.createTable('payment_refunds', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('payment_id').notNullable().references('payments.id').onDelete('CASCADE');
    t.integer('amount_cents').notNullable();
    t.text('reason').notNullable().checkIn(refundReasons, 'payment_refunds_reason_known');
    t.text('message');
    t.text('reference');
    t.uuid('created_by').references('profiles.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE payment_refunds ADD CONSTRAINT payment_refunds_amount_positive CHECK (amount_cents > 0)');
  await knex.raw('CREATE INDEX payment_refunds_by_payment ON payment_refunds (payment_id, created_at)');

  await knex.schema.alterTable('jobs', (t) => {
    t.integer('deposit_cents');
    t.timestamp('deposit_hold_until', { useTz: true });
  });
  await knex.raw('ALTER TABLE jobs ADD CONSTRAINT jobs_deposit_positive CHECK (deposit_cents IS NULL OR deposit_cents > 0)');
  // The hold sweep finds the jobs whose deposit hold is running.
  await knex.raw('CREATE INDEX jobs_deposit_holds ON jobs (deposit_hold_until) WHERE deposit_hold_until IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS jobs_deposit_holds');
  await knex.raw('ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_deposit_positive');
  await knex.schema.alterTable('jobs', (t) => {
    t.dropColumn('deposit_cents');
    t.dropColumn('deposit_hold_until');
  });
  await knex.schema.dropTableIfExists('payment_refunds');
  await knex.schema.dropTableIfExists('payments');
  await knex.raw('ALTER TABLE provider_categories DROP CONSTRAINT IF EXISTS provider_categories_deposit_whole');
  await knex.schema.alterTable('provider_categories', (t) => {
    t.dropColumn('deposit_kind');
    t.dropColumn('deposit_fixed_cents');
    t.dropColumn('deposit_share_percent');
  });
  await knex.schema.dropTableIfExists('payment_accounts');
}
