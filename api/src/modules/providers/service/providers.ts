/**
 * Provider profile rules: becoming a provider, reading and changing one's business profile, and
 * finishing provider onboarding. Every function acts on the caller's own account only.
 */
import type { Knex } from 'knex';
import type { Locale, Profile, ProviderProfile } from '@resuelve/contract';
import { AppError, forbidden } from '../../../lib/errors.ts';
import { placeAddress } from '../../geo/index.ts';
import {
  lockAccount,
  markOnboarded,
  ownProfile,
  requireComplete,
  requireNotOnboarded,
  requireVerifiedPhone,
  type AccountState,
} from '../../profiles/index.ts';
import type { ProviderChanges, ProviderOnboarding } from '../schemas.ts';
import {
  existingCategoryIds,
  findProvider,
  hasProviderRow,
  lockProviderRow,
  missingForProvider,
  replaceOfferedCategories,
  saveProviderRow,
  startProvider,
  toProviderProfile,
  updateProviderRow,
  type ProviderRow,
} from '../repository.ts';

/** The caller's provider profile, or 403: provider routes are provider-only (SPEC.md §6). */
export async function requireProvider(db: Knex, userId: string): Promise<ProviderRow> {
  const provider = await findProvider(db, userId);
  if (!provider) throw forbidden();
  return provider;
}

/** Same as requireProvider, locking the provider row so that concurrent changes queue. */
export async function lockProvider(trx: Knex.Transaction, userId: string): Promise<ProviderRow> {
  const provider = await lockProviderRow(trx, userId);
  if (!provider) throw forbidden();
  return provider;
}

/** The caller's own provider profile (404 when the account is not a provider). */
export async function ownProviderProfile(db: Knex, userId: string, locale?: Locale): Promise<ProviderProfile> {
  const row = await findProvider(db, userId);
  if (!row) throw new AppError('not_found', 'Provider profile not found');
  return toProviderProfile(db, row, locale);
}

/** The signed-in account starts being a provider with a company name. */
export async function becomeProvider(knex: Knex, userId: string, companyName: string, now: Date): Promise<ProviderProfile> {
  await knex.transaction(async (trx) => {
    const account = await lockAccount(trx, userId);
    if (account.is_onboarded && !account.is_contractor) {
      throw new AppError('already_onboarded', 'This account finished onboarding as a client');
    }
    if (account.is_contractor && (await hasProviderRow(trx, userId))) throw new AppError('conflict', 'This account is already a provider');
    await startProvider(trx, userId, companyName, now);
  });
  return ownProviderProfile(knex, userId);
}

export async function updateOwnProvider(knex: Knex, userId: string, changes: ProviderChanges, now: Date): Promise<ProviderProfile> {
  await knex.transaction(async (trx) => {
    await lockProvider(trx, userId);
    await updateProviderRow(trx, userId, changes, now);
    // Search distances and the municipality filter follow the address.
    if (changes.city !== undefined || changes.zip_code !== undefined) await placeAddress(trx, 'providers', userId);
  });
  return ownProviderProfile(knex, userId);
}

/** Category ids that exist, in the order given; unknown ones fail the named field. */
export async function requireCategories(db: Knex, ids: number[], field: string): Promise<void> {
  const found = await existingCategoryIds(db, ids);
  if (found.length !== new Set(ids).size) {
    throw new AppError('validation_failed', 'Unknown service category', { details: { [field]: 'not_allowed' } });
  }
}

async function finish(trx: Knex.Transaction, account: AccountState, now: Date): Promise<Profile> {
  requireComplete(await missingForProvider(trx, account.id));
  requireVerifiedPhone(account);
  await markOnboarded(trx, account.id, 'provider', now);
  const profile = await ownProfile(trx, account.id);
  if (!profile) throw new AppError('unauthorized', 'Account not found');
  return profile;
}

/**
 * POST /providers/complete-onboarding: saves the whole provider profile and its services, then
 * finishes, all or nothing. A client account cannot turn into a provider afterwards.
 */
export async function completeProviderOnboarding(knex: Knex, userId: string, input: ProviderOnboarding, now: Date): Promise<Profile> {
  return knex.transaction(async (trx) => {
    const account = await lockAccount(trx, userId);
    requireNotOnboarded(account);
    await requireCategories(trx, input.serviceCategories, 'serviceCategories');
    await saveProviderRow(trx, userId, input.provider, now);
    await placeAddress(trx, 'providers', userId);
    await replaceOfferedCategories(trx, userId, input.serviceCategories);
    return finish(trx, account, now);
  });
}

/** POST /profiles/me/complete-onboarding for a provider: finishes with what is already saved. */
export async function finishProviderOnboarding(trx: Knex.Transaction, userId: string, now: Date): Promise<Profile> {
  const account = await lockAccount(trx, userId);
  requireNotOnboarded(account);
  return finish(trx, account, now);
}
