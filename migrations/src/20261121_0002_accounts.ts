import type { Knex } from 'knex';

/** Accounts and sessions (DESIGN.md §4): users, profiles, refresh tokens, one-time email tokens. */
export async function up(knex: Knex): Promise<void> {
  // What the auth module alone reads: credentials, confirmation and the sign-in lock.
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.specificType('email', 'citext').notNullable().unique();
    t.text('password_hash').notNullable();
    t.timestamp('email_confirmed_at', { useTz: true });
    t.integer('failed_login_count').notNullable().defaultTo(0);
    t.timestamp('locked_until', { useTz: true });
    t.timestamp('password_changed_at', { useTz: true });
    timestamps(knex, t);
  });

  await knex.schema.createTable('profiles', (t) => {
    t.uuid('id').primary().references('users.id').onDelete('CASCADE');
    t.boolean('is_contractor').notNullable().defaultTo(false);
    t.boolean('is_onboarded').notNullable().defaultTo(false);
    // "The profile says so" (SPEC.md §3); the answered flag also counts users.email_confirmed_at.
    t.boolean('is_email_verified').notNullable().defaultTo(false);
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.text('language').notNullable().defaultTo('es').checkIn(['es', 'en']);
    t.text('first_name');
    t.text('last_name');
    t.text('display_name');
    t.text('avatar_url');
    timestamps(knex, t);
  });

  // Only hashes are stored; a family is one sign-in and every token rotated from it.
  await knex.schema.createTable('refresh_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('family_id').notNullable();
    t.text('token_hash').notNullable().unique();
    t.text('client').notNullable().checkIn(['web', 'desktop']);
    t.uuid('rotated_from').references('refresh_tokens.id').onDelete('SET NULL');
    t.uuid('replaced_by').references('refresh_tokens.id').onDelete('SET NULL');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
    t.index(['family_id']);
  });

  // One-time links sent by email; `email` is the address the link was sent to.
  await knex.schema.createTable('email_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('purpose').notNullable().checkIn(['verify_email', 'reset_password']);
    t.specificType('email', 'citext').notNullable();
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'purpose']);
  });
}

function timestamps(knex: Knex, t: Knex.CreateTableBuilder): void {
  t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('email_tokens');
  await knex.schema.dropTableIfExists('refresh_tokens');
  await knex.schema.dropTableIfExists('profiles');
  await knex.schema.dropTableIfExists('users');
}
