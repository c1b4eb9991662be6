/**
 * The state of an account that finishing onboarding checks (clients, providers and onboarding share
 * it): its profile row read or locked, the rules it must meet, and the moment it becomes onboarded.
 */
import type { Knex } from 'knex';
import type { AccountType } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';
import { accountStateRow, flagOnboarded, writeProgress, type AccountState } from '../repository.ts';

/**
 * Locks the account's profile row so that two finishing requests (or a finish and a change of
 * services) run one after the other. A token of an account that no longer exists is no session.
 */
export async function lockAccount(trx: Knex.Transaction, userId: string): Promise<AccountState> {
  const row = await accountStateRow(trx, userId, { lock: true });
  if (!row) throw new AppError('unauthorized', 'Account not found');
  return row;
}

export async function readAccount(db: Knex, userId: string): Promise<AccountState> {
  const row = await accountStateRow(db, userId, { lock: false });
  if (!row) throw new AppError('unauthorized', 'Account not found');
  return row;
}

export function requireNotOnboarded(account: AccountState): void {
  if (account.is_onboarded) throw new AppError('already_onboarded', 'Onboarding is already finished');
}

export function requireVerifiedPhone(account: AccountState): void {
  if (!account.phone_verified_at) throw new AppError('phone_not_verified', 'A verified phone number is needed to finish onboarding');
}

/** Fields still missing before an account may finish, as field -> "required". */
export function requireComplete(missing: string[]): void {
  if (missing.length === 0) return;
  throw new AppError('onboarding_incomplete', 'Some required fields are missing', {
    details: Object.fromEntries(missing.map((field) => [field, 'required'])),
  });
}

/**
 * The account is onboarded as `type`. The saved draft is emptied: from now on the profile tables
 * hold the answers, and the progress only says how the account finished.
 */
export async function markOnboarded(trx: Knex.Transaction, userId: string, type: AccountType, now: Date): Promise<void> {
  await flagOnboarded(trx, userId, type, now);
  // The draft is emptied in the same transaction (onboarding's table, written here so that
  // finishing stays one step for clients, providers and onboarding alike).
  await writeProgress(trx, userId, { account_type: type, step: null, data: {} }, now);
}
