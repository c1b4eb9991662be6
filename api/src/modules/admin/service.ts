/**
 * The admin console's rules. Accounts: found by email, name or company; suspended (no sign-in,
 * every session ended at once, a provider no longer listed in search) and restored, each action
 * recorded (lib/admin-actions.ts) in the transaction that takes it. The client logs and the
 * overview's figures are read as they are stored (repository/).
 */
import type { Knex } from 'knex';
import type { AdminAccount } from '@resuelve/contract';
import type { Caller } from '../../context.ts';
import { recordAdminAction } from '../../lib/admin-actions.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventBus } from '../../lib/events.ts';
import { announceSessionsEnded, forgetEnded } from '../../lib/live-sessions.ts';
import { revokeAllSessions } from '../auth/index.ts';
import { accountById, lockProfile, setSuspended } from './repository/accounts.ts';

export { actionsOn, findAccounts } from './repository/accounts.ts';
export { listClientLogs } from './repository/logs.ts';
export { adminOverview } from './repository/overview.ts';

const accountNotFound = () => new AppError('account_not_found', 'No such account');

async function accountOrNotFound(knex: Knex, id: string): Promise<AdminAccount> {
  const account = await accountById(knex, id);
  if (!account) throw accountNotFound();
  return account;
}

/**
 * Suspends an account: it cannot sign in (account_suspended), every session ends now (refresh
 * tokens revoked, access tokens refused by lib/live-sessions.ts, sockets closed), and a provider
 * leaves search (the `listed` triggers). An admin cannot suspend themselves or another admin.
 */
export async function suspendAccount(knex: Knex, events: EventBus, admin: Caller, id: string, reason: string | undefined, now: Date): Promise<AdminAccount> {
  await knex.transaction(async (trx) => {
    const row = await lockProfile(trx, id);
    if (!row) throw accountNotFound();
    if (row.is_admin || id === admin.userId) throw new AppError('account_not_suspendable', 'Admins cannot be suspended here');
    if (row.suspended_at) return;
    await setSuspended(trx, id, now, now);
    await revokeAllSessions(trx, id, now);
    await recordAdminAction(trx, { adminId: admin.userId, action: 'account_suspended', targetId: id, details: { reason: reason ?? null }, at: now });
  });
  await announceSessionsEnded(events, { user_id: id, session_ids: null, reason: 'suspended' }, now);
  return accountOrNotFound(knex, id);
}

export async function restoreAccount(knex: Knex, admin: Caller, id: string, reason: string | undefined, now: Date): Promise<AdminAccount> {
  await knex.transaction(async (trx) => {
    const row = await lockProfile(trx, id);
    if (!row) throw accountNotFound();
    if (!row.suspended_at) return;
    await setSuspended(trx, id, null, now);
    await recordAdminAction(trx, { adminId: admin.userId, action: 'account_restored', targetId: id, details: { reason: reason ?? null }, at: now });
  });
  // Its sessions ended at suspension; a new sign-in is asked about afresh.
  forgetEnded({ user_id: id, session_ids: null, reason: 'suspended', at: now.toISOString() });
  return accountOrNotFound(knex, id);
}

