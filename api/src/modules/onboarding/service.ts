/**
 * Onboarding rules shared by both account types: the progress saved per step, the verified phone
 * every finished account needs, and the moment an account becomes onboarded.
 */
import type { Knex } from 'knex';
import type { AccountType, Locale } from '@resuelve/contract';
import { AppError } from '../../lib/errors.ts';

export interface OnboardingProgress {
  account_type: AccountType | null;
  step: string | null;
  data: Record<string, Record<string, unknown>>;
}

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

export async function getProgress(db: Knex, userId: string): Promise<OnboardingProgress> {
  const row = await db('onboarding_progress')
    .where({ user_id: userId })
    .first<{ account_type: AccountType | null; step: string | null; data: OnboardingProgress['data'] } | undefined>('account_type', 'step', 'data');
  return row ? { account_type: row.account_type, step: row.step, data: row.data } : { account_type: null, step: null, data: {} };
}

/** Replaces the saved progress; refused once the account finished onboarding. */
export async function saveProgress(knex: Knex, userId: string, progress: OnboardingProgress, now: Date): Promise<OnboardingProgress> {
  return knex.transaction(async (trx) => {
    requireNotOnboarded(await lockAccount(trx, userId));
    await trx('onboarding_progress')
      .insert({
        user_id: userId,
        account_type: progress.account_type,
        step: progress.step,
        data: JSON.stringify(progress.data),
        updated_at: now,
      })
      .onConflict('user_id')
      .merge();
    return getProgress(trx, userId);
  });
}

/** The account type the saved progress chose, needed by POST /profiles/me/complete-onboarding. */
export async function chosenAccountType(db: Knex, userId: string): Promise<AccountType> {
  const { account_type: type } = await getProgress(db, userId);
  if (!type) {
    throw new AppError('onboarding_incomplete', 'No account type was chosen', { details: { account_type: 'required' } });
  }
  return type;
}
