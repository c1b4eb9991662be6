import type { Knex } from 'knex';

/**
 * Messaging (DESIGN.md §8, decision record 0020): conversations between one client and one
 * provider, each participant's own view of one (status, priority, archive, spam, how far they
 * have read), and messages.
 *
 * A message's id is a number from one sequence, taken while the sender holds the conversation's
 * row lock: within a conversation ids then grow in the order messages are committed, so a reader
 * asking for what came after the last id it holds never misses one committed later with a
 * smaller id. A deleted message keeps its row (a trace); the limits count every message a person
 * typed, deleted or not, by (sender_id, created_at).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('conversations', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('client_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.uuid('provider_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.uuid('job_id').references('jobs.id').onDelete('SET NULL');
    t.text('subject');
    t.boolean('about_project').notNullable().defaultTo(false);
    t.bigInteger('last_message_id');
    t.timestamp('last_message_at', { useTz: true });
    // The provider's automatic reply goes once per conversation.
    t.timestamp('auto_replied_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('ALTER TABLE conversations ADD CONSTRAINT conversations_two_people CHECK (client_id <> provider_id)');
  // Starting again with the same person about the same job (or about no job) finds this one.
  await knex.raw('CREATE UNIQUE INDEX conversations_one_per_pair_and_job ON conversations (client_id, provider_id, job_id) NULLS NOT DISTINCT');
  await knex.raw('CREATE INDEX conversations_by_provider ON conversations (provider_id)');
  await knex.raw('CREATE INDEX conversations_by_job ON conversations (job_id) WHERE job_id IS NOT NULL');

  await knex.schema.createTable('conversation_participants', (t) => {
    t.uuid('conversation_id').notNullable().references('conversations.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.text('role').notNullable().checkIn(['client', 'provider']);
    t.text('status').notNullable().defaultTo('active').checkIn(['active', 'completed', 'blocked']);
    t.text('priority').notNullable().defaultTo('normal').checkIn(['urgent', 'high', 'normal', 'low']);
    t.boolean('archived').notNullable().defaultTo(false);
    t.boolean('spam').notNullable().defaultTo(false);
    // Everything from the other side with an id up to this one is read.
    t.bigInteger('last_read_id').notNullable().defaultTo(0);
    t.integer('unread_count').notNullable().defaultTo(0);
    // The conversation's last activity, copied here so a person's list is one index range.
    t.timestamp('activity_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('notified_at', { useTz: true });
    t.primary(['conversation_id', 'user_id']);
  });
  await knex.raw('CREATE INDEX conversation_participants_list ON conversation_participants (user_id, archived, activity_at DESC, conversation_id DESC)');
  await knex.raw('CREATE INDEX conversation_participants_unread ON conversation_participants (user_id) WHERE unread_count > 0 AND NOT spam');

  await knex.schema.createTable('messages', (t) => {
    t.bigIncrements('id');
    t.uuid('conversation_id').notNullable().references('conversations.id').onDelete('CASCADE');
    t.uuid('sender_id').notNullable().references('profiles.id').onDelete('CASCADE');
    t.text('text').notNullable().defaultTo('');
    t.text('attachment_path');
    t.text('attachment_name');
    t.integer('attachment_size');
    t.text('attachment_type');
    t.boolean('automatic').notNullable().defaultTo(false);
    t.timestamp('read_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('edited_at', { useTz: true });
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.raw('CREATE INDEX messages_by_conversation ON messages (conversation_id, id)');
  // The hourly and daily limits count a sender's typed messages by time.
  await knex.raw('CREATE INDEX messages_by_sender_time ON messages (sender_id, created_at) WHERE NOT automatic');
  await knex.raw('CREATE INDEX messages_text_search ON messages USING gin (text gin_trgm_ops)');
  await knex.raw("ALTER TABLE messages ADD CONSTRAINT messages_text_length CHECK (char_length(text) <= 500)");

  // The provider's automatic reply (settings), in each language.
  await knex.schema.alterTable('providers', (t) => {
    t.boolean('auto_reply_enabled').notNullable().defaultTo(false);
    t.text('auto_reply_es').notNullable().defaultTo('');
    t.text('auto_reply_en').notNullable().defaultTo('');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('providers', (t) => {
    t.dropColumn('auto_reply_enabled');
    t.dropColumn('auto_reply_es');
    t.dropColumn('auto_reply_en');
  });
  await knex.schema.dropTableIfExists('messages');
  await knex.schema.dropTableIfExists('conversation_participants');
  await knex.schema.dropTableIfExists('conversations');
}
