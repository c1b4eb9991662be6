/**
 * Onboarding rules shared by both account types: the progress saved per step, the verified phone
 * every finished account needs, and the moment an account becomes onboarded.
 */
import type { Knex } from 'knex';
import type { AccountType } from '@resuelve/contract';
import { AppError } from '../../lib/errors.ts';
import { lockAccount, requireNotOnboarded, writeProgress, type OnboardingProgress } from '../profiles/index.ts';

export type { OnboardingProgress };

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
    await writeProgress(trx, userId, progress, now);
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
