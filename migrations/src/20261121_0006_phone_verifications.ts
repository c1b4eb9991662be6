import type { Knex } from 'knex';

/**
 * Phone verification codes (one pending code per account, stored only as a hash), and the
 * email-change links of the auth module (a third purpose of `email_tokens`: the link goes to the
 * new address, and opening it moves the account there).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('phone_verifications', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    // One pending code per account: a new send replaces the old one.
    t.uuid('user_id').notNullable().unique().references('profiles.id').onDelete('CASCADE');
    t.text('phone_number').notNullable(); // digits only, E.164 without "+"
    t.text('code_hash').notNullable();
    t.integer('attempts_left').notNullable();
    t.timestamp('sent_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['phone_number']);
  });

  await knex.raw('ALTER TABLE email_tokens DROP CONSTRAINT IF EXISTS email_tokens_purpose_check');
  await knex.raw(
    "ALTER TABLE email_tokens ADD CONSTRAINT email_tokens_purpose_check CHECK (purpose IN ('verify_email', 'reset_password', 'change_email'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('email_tokens').where({ purpose: 'change_email' }).delete();
  await knex.raw('ALTER TABLE email_tokens DROP CONSTRAINT IF EXISTS email_tokens_purpose_check');
  await knex.raw("ALTER TABLE email_tokens ADD CONSTRAINT email_tokens_purpose_check CHECK (purpose IN ('verify_email', 'reset_password'))");
  await knex.schema.dropTableIfExists('phone_verifications');
}
