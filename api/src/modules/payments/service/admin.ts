/** The admins' list of payments (issue 29): newest first, keyset pages by (created_at, id), never a token. */
import type { AdminPaymentPage, AdminPaymentQuery } from '@resuelve/contract';
import type { Caller } from '../../../context.ts';
import { forbidden } from '../../../lib/errors.ts';
import { decodeTimeCursor, encodeTimeCursor } from '../../../lib/keyset.ts';
import { personNameSql } from '../../profiles/index.ts';
import { adminPaymentOf, type AdminPaymentRow } from '../repository.ts';
import type { PaymentsContext } from './common.ts';

export async function adminPayments(context: PaymentsContext, caller: Caller, query: AdminPaymentQuery): Promise<AdminPaymentPage> {
  if (!caller.isAdmin) throw forbidden();
  const limit = query.limit ?? 50;
  const { knex } = context;
  const rows = (await knex('payments as p')
    .join('providers as pr', 'pr.id', 'p.provider_id')
    .join('profiles as cp', 'cp.id', 'p.client_id')
    .modify((q) => {
      if (query.status) q.where('p.status', query.status);
      if (query.cursor) {
        const cursor = decodeTimeCursor(query.cursor);
        q.whereRaw('(p.created_at, p.id) < (?::timestamptz, ?::uuid)', [cursor.at, cursor.id]);
      }
    })
    .orderBy([{ column: 'p.created_at', order: 'desc' }, { column: 'p.id', order: 'desc' }])
    .limit(limit + 1)
    .select('p.*', 'pr.company_name as provider_name', knex.raw(`coalesce(${personNameSql('cp')}, '') as client_name`))) as AdminPaymentRow[];
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(adminPaymentOf),
    next_cursor: rows.length > limit && last ? encodeTimeCursor({ at: last.created_at.toISOString(), id: last.id }) : null,
  };
}
