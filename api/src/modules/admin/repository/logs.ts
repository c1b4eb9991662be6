/** The client log entries for the admin console: filters, a page, the total. */
import type { Knex } from 'knex';
import type { AdminLogEntry, AdminLogPage } from '@resuelve/contract';
import { likePattern } from '../../../lib/keyset.ts';
import type { LogFilters } from '../schemas.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An entry as stored: the answer's shape with its instants as dates. */
type LogRow = Omit<AdminLogEntry, 'logged_at' | 'received_at'> & { logged_at: Date; received_at: Date };

export async function listClientLogs(knex: Knex, filters: LogFilters): Promise<AdminLogPage> {
  const base = knex('client_logs as l').leftJoin('users as u', 'u.id', 'l.user_id');
  if (filters.level) base.where('l.level', filters.level);
  if (filters.correlation_id) base.where('l.correlation_id', filters.correlation_id);
  if (filters.user) {
    const user = filters.user;
    if (uuidPattern.test(user)) base.where('l.user_id', user);
    else base.whereILike('u.email', likePattern(user));
  }
  if (filters.from) base.where('l.logged_at', '>=', filters.from);
  if (filters.to) base.where('l.logged_at', '<=', filters.to);
  const [rows, count] = await Promise.all([
    base
      .clone()
      .select<LogRow[]>('l.id', 'l.logged_at', 'l.received_at', 'l.level', 'l.message', 'l.correlation_id', 'l.session_id', 'l.user_id', 'u.email as user_email', 'l.url', 'l.category')
      .orderBy([{ column: 'l.logged_at', order: 'desc' }, { column: 'l.id', order: 'desc' }])
      .limit(filters.limit)
      .offset(filters.offset),
    base.clone().count<{ count: string }[]>({ count: '*' }),
  ]);
  return {
    items: rows.map((row) => ({ ...row, id: String(row.id), logged_at: row.logged_at.toISOString(), received_at: row.received_at.toISOString() })),
    total: Number(count[0]?.count ?? 0),
  };
}
