/** The outbox table: messages stored instead of sent, newest first, as contract's OutboxMessage. */
import type { Knex } from 'knex';
import type { OutboxMessage } from '@resuelve/contract';

export async function outboxMessages(db: Knex, filter: { to?: string; limit: number }): Promise<OutboxMessage[]> {
  const query = db('outbox').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit);
  if (filter.to) query.where('to_address', filter.to);
  const rows = await query;
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.to_address,
    subject: row.subject,
    body: row.body,
    links: row.links,
    codes: row.codes,
    created_at: new Date(row.created_at).toISOString(),
  }));
}
