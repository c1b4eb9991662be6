/**
 * Accounts for the admin console: found by email, name or company; suspended (no sign-in, every
 * session ended at once, a provider no longer listed in search) and restored. Each action is
 * recorded (lib/admin-actions.ts) in the transaction that takes it.
 */
import type { Knex } from 'knex';
import type { AdminAccount, AdminAccountPage, AdminAction } from '@resuelve/contract';
import type { Caller } from '../../context.ts';
import { recordAdminAction } from '../../lib/admin-actions.ts';
import { AppError } from '../../lib/errors.ts';
import { likePattern } from '../../lib/keyset.ts';
import type { EventBus } from '../../lib/events.ts';
import { announceSessionsEnded, forgetEnded } from '../../lib/live-sessions.ts';
import { revokeAllSessions } from '../auth/sessions.ts';
import { partyNameSql } from '../profiles/display-name.ts';

const accountNotFound = () => new AppError('account_not_found', 'No such account');

interface AccountRow {
  id: string;
  email: string;
  name: string | null;
  company_name: string | null;
  is_admin: boolean;
  is_contractor: boolean;
  is_onboarded: boolean;
  suspended_at: Date | null;
  created_at: Date;
}

function accountsQuery(knex: Knex) {
  return knex('profiles as p').join('users as u', 'u.id', 'p.id').leftJoin('providers as pr', 'pr.id', 'p.id');
}

function accountColumns(knex: Knex) {
  return [
    'p.id',
    'u.email',
    knex.raw(`${partyNameSql('p')} AS name`),
    'pr.company_name',
    'p.is_admin',
    'p.is_contractor',
    'p.is_onboarded',
    'p.suspended_at',
    'u.created_at',
  ];
}

function toAccount(row: AccountRow): AdminAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    company_name: row.company_name,
    role: row.is_admin ? 'admin' : row.is_contractor ? 'provider' : 'client',
    is_onboarded: row.is_onboarded,
    suspended_at: row.suspended_at ? row.suspended_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

export interface AccountFilters {
  q?: string;
  suspended?: boolean;
  limit: number;
  offset: number;
}

export async function findAccounts(knex: Knex, filters: AccountFilters): Promise<AdminAccountPage> {
  const base = accountsQuery(knex);
  const q = filters.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    base.where((w) => w.whereILike('u.email', pattern).orWhereILike('pr.company_name', pattern).orWhereRaw(`${partyNameSql('p')} ILIKE ?`, [pattern]));
  }
  if (filters.suspended !== undefined) base.where(filters.suspended ? knex.raw('p.suspended_at IS NOT NULL') : knex.raw('p.suspended_at IS NULL'));
  const [rows, count] = await Promise.all([
    base.clone().select<AccountRow[]>(accountColumns(knex)).orderBy('u.created_at', 'desc').orderBy('p.id').limit(filters.limit).offset(filters.offset),
    base.clone().count<{ count: string }[]>({ count: '*' }),
  ]);
  return { items: rows.map(toAccount), total: Number(count[0]?.count ?? 0) };
}

async function accountById(knex: Knex | Knex.Transaction, id: string): Promise<AdminAccount> {
  const row = await accountsQuery(knex as Knex).where('p.id', id).first<AccountRow | undefined>(accountColumns(knex as Knex));
  if (!row) throw accountNotFound();
  return toAccount(row);
}

/**
 * Suspends an account: it cannot sign in (account_suspended), every session ends now (refresh
 * tokens revoked, access tokens refused by lib/live-sessions.ts, sockets closed), and a provider
 * leaves search (the `listed` triggers). An admin cannot suspend themselves or another admin.
 */
export async function suspendAccount(knex: Knex, events: EventBus, admin: Caller, id: string, reason: string | undefined, now: Date): Promise<AdminAccount> {
  await knex.transaction(async (trx) => {
    const row = await trx('profiles').where({ id }).forUpdate().first<{ is_admin: boolean; suspended_at: Date | null } | undefined>('is_admin', 'suspended_at');
    if (!row) throw accountNotFound();
    if (row.is_admin || id === admin.userId) throw new AppError('account_not_suspendable', 'Admins cannot be suspended here');
    if (row.suspended_at) return;
    await trx('profiles').where({ id }).update({ suspended_at: now, updated_at: now });
    await revokeAllSessions(trx, id, now);
    await recordAdminAction(trx, { adminId: admin.userId, action: 'account_suspended', targetId: id, details: { reason: reason ?? null }, at: now });
  });
  await announceSessionsEnded(events, { user_id: id, session_ids: null, reason: 'suspended' }, now);
  return accountById(knex, id);
}

export async function restoreAccount(knex: Knex, admin: Caller, id: string, reason: string | undefined, now: Date): Promise<AdminAccount> {
  await knex.transaction(async (trx) => {
    const row = await trx('profiles').where({ id }).forUpdate().first<{ suspended_at: Date | null } | undefined>('suspended_at');
    if (!row) throw accountNotFound();
    if (!row.suspended_at) return;
    await trx('profiles').where({ id }).update({ suspended_at: null, updated_at: now });
    await recordAdminAction(trx, { adminId: admin.userId, action: 'account_restored', targetId: id, details: { reason: reason ?? null }, at: now });
  });
  // Its sessions ended at suspension; a new sign-in is asked about afresh.
  forgetEnded({ user_id: id, session_ids: null, reason: 'suspended', at: now.toISOString() });
  return accountById(knex, id);
}

/** What was done to an account (decisions, suspensions, the expiry job), newest first. */
export async function actionsOn(knex: Knex, id: string): Promise<{ items: AdminAction[] }> {
  const rows = await knex('admin_actions as a')
    .leftJoin('users as u', 'u.id', 'a.admin_id')
    .where('a.target_id', id)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(100)
    .select<{ id: string; action: AdminAction['action']; admin_id: string | null; admin_email: string | null; target_id: string; details: Record<string, string | null>; created_at: Date }[]>(
      'a.id',
      'a.action',
      'a.admin_id',
      'u.email as admin_email',
      'a.target_id',
      'a.details',
      'a.created_at',
    );
  return { items: rows.map((row) => ({ ...row, id: String(row.id), created_at: row.created_at.toISOString() })) };
}
