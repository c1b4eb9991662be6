/**
 * The state of an account that finishing onboarding checks (clients, providers and onboarding share
 * it): its profile row read or locked, the rules it must meet, and the moment it becomes onboarded.
 */
import type { Knex } from 'knex';
import type { AccountType, Locale } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';

/** What the onboarding rules read of an account, locked for the rest of the transaction. */
export interface AccountState {
  id: string;
  is_contractor: boolean;
  is_onboarded: boolean;
  is_admin: boolean;
  language: Locale;
  phone_verified_at: Date | null;
}

/**
 * Locks the account's profile row so that two finishing requests (or a finish and a change of
 * services) run one after the other. A token of an account that no longer exists is no session.
 */
export async function lockAccount(trx: Knex.Transaction, userId: string): Promise<AccountState> {
  const row = await trx('profiles')
    .where({ id: userId })
    .forUpdate()
    .first<AccountState | undefined>('id', 'is_contractor', 'is_onboarded', 'is_admin', 'language', 'phone_verified_at');
  if (!row) throw new AppError('unauthorized', 'Account not found');
  return row;
}

export async function readAccount(db: Knex, userId: string): Promise<AccountState> {
  const row = await db('profiles')
    .where({ id: userId })
    .first<AccountState | undefined>('id', 'is_contractor', 'is_onboarded', 'is_admin', 'language', 'phone_verified_at');
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
  await trx('profiles')
    .where({ id: userId })
    .update({ is_onboarded: true, is_contractor: type === 'provider', updated_at: now });
  await trx('onboarding_progress')
    .insert({ user_id: userId, account_type: type, step: null, data: JSON.stringify({}), updated_at: now })
    .onConflict('user_id')
    .merge();
}
