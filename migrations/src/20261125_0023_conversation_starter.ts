import type { Knex } from 'knex';

/**
 * Who started a conversation. Opening "Message" on a profile starts one at once, so until its
 * first message it is the starter's draft: the other side's list shows it only once something is
 * written (conversations.ts, listConversations). Conversations started before this column have
 * no starter and are shown to both, as before.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('conversations', (t) => {
    t.uuid('started_by').references('profiles.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('conversations', (t) => {
    t.dropColumn('started_by');
  });
}
