/**
 * The record of every admin decision (verification, suspension) and of what the background work
 * changes in their place (an expired certificate): who (null for the background job), when, what.
 * Written in the transaction of the change itself, so a change is never without its record.
 */
import type { Knex } from 'knex';
import type { AdminActionKind } from '@resuelve/contract';

export interface AdminActionRecord {
  adminId: string | null;
  action: AdminActionKind;
  targetId: string;
  details?: Record<string, string | null>;
  at: Date;
}

export async function recordAdminAction(db: Knex | Knex.Transaction, record: AdminActionRecord): Promise<void> {
  await db('admin_actions').insert({
    admin_id: record.adminId,
    action: record.action,
    target_id: record.targetId,
    details: JSON.stringify(record.details ?? {}),
    created_at: record.at,
  });
}
