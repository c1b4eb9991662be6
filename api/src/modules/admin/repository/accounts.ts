/** Accounts as the admin console reads them: SQL and the row → contract mapper (the rules are in service.ts). */
import type { Knex } from 'knex';
import type { AdminAccount, AdminAccountPage, AdminAction } from '@resuelve/contract';
import { likePattern } from '../../../lib/keyset.ts';
import { partyNameSql } from '../../profiles/index.ts';
import type { AccountFilters } from '../schemas.ts';

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

export async function accountById(knex: Knex, id: string): Promise<AdminAccount | undefined> {
  const row = await accountsQuery(knex).where('p.id', id).first<AccountRow | undefined>(accountColumns(knex));
  return row ? toAccount(row) : undefined;
}

/** The profile's admin flag and suspension, locked for the transaction that changes them. */
export async function lockProfile(trx: Knex.Transaction, id: string) {
  return trx('profiles').where({ id }).forUpdate().first<{ is_admin: boolean; suspended_at: Date | null } | undefined>('is_admin', 'suspended_at');
}

export async function setSuspended(trx: Knex.Transaction, id: string, suspendedAt: Date | null, now: Date): Promise<void> {
  await trx('profiles').where({ id }).update({ suspended_at: suspendedAt, updated_at: now });
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
