import type { Knex } from 'knex';

/** Extensions and the platform's own tables: rate limits, the message outbox, client logs. */
export async function up(knex: Knex): Promise<void> {
  for (const extension of ['citext', 'btree_gist', 'pg_trgm', 'unaccent']) {
    await knex.raw('CREATE EXTENSION IF NOT EXISTS ??', [extension]);
  }

  // Fixed-window counters shared by every api process (DESIGN.md §11).
  await knex.schema.createTable('rate_limits', (t) => {
    t.text('key').notNullable();
    t.timestamp('window_start', { useTz: true }).notNullable();
    t.integer('count').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.primary(['key', 'window_start']);
    t.index(['expires_at']);
  });

  // Email and SMS stored when no SMTP server or SMS gateway is configured (DESIGN.md §2).
  await knex.schema.createTable('outbox', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('channel').notNullable().checkIn(['email', 'sms']);
    t.specificType('to_address', 'citext').notNullable();
    t.text('subject');
    t.text('body').notNullable();
    t.jsonb('links').notNullable().defaultTo('[]');
    t.jsonb('codes').notNullable().defaultTo('[]');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['to_address', 'created_at']);
  });

  await knex.schema.createTable('client_logs', (t) => {
    t.bigIncrements('id');
    t.timestamp('logged_at', { useTz: true }).notNullable();
    t.text('level').notNullable();
    t.text('message').notNullable();
    t.text('correlation_id');
    t.text('session_id');
    t.uuid('user_id');
    t.text('url');
    t.text('category');
    t.text('ip');
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['received_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('client_logs');
  await knex.schema.dropTableIfExists('outbox');
  await knex.schema.dropTableIfExists('rate_limits');
}
