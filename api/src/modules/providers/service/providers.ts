/**
 * Provider profile rules: becoming a provider, reading and changing one's business profile, and
 * finishing provider onboarding. Every function acts on the caller's own account only.
 */
import type { Knex } from 'knex';
import type { Locale, Profile, ProviderProfile, ProviderRate, SocialMedia } from '@resuelve/contract';
import { AppError, forbidden } from '../../lib/errors.ts';
import { categoryColumns, toCategory, type CategoryRow } from '../categories/service.ts';
import { placeAddress } from '../geo/service.ts';
import {
  lockAccount,
  markOnboarded,
  requireComplete,
  requireNotOnboarded,
  requireVerifiedPhone,
  type AccountState,
} from '../onboarding/service.ts';
import { ownProfile } from '../profiles/service.ts';

/** A provider's row as read: the contract's profile fields (categories are read apart), plus the account's. */
interface ProviderRow extends Omit<ProviderProfile, 'categories' | 'rate'>, RateColumns {
  avatar_url: string | null;
  language: Locale;
  is_onboarded: boolean;
}

/** The rate as stored: three columns, amount and unit set together (migration 0024). */
export interface RateColumns {
  rate_cents: number | null;
  rate_unit: ProviderRate['unit'] | null;
  rate_from: boolean;
}

export function rateOf(row: RateColumns): ProviderRate | null {
  return row.rate_cents !== null && row.rate_unit !== null ? { amount_cents: row.rate_cents, unit: row.rate_unit, from: row.rate_from } : null;
}

function rateColumns(rate: ProviderRate | null): RateColumns {
  return rate ? { rate_cents: rate.amount_cents, rate_unit: rate.unit, rate_from: rate.from } : { rate_cents: null, rate_unit: null, rate_from: false };
}

/** A provider is an account flagged as contractor that has a provider profile. */
export function providerQuery(db: Knex) {
  return db('providers as pr')
    .join('profiles as p', 'p.id', 'pr.id')
    .where('p.is_contractor', true)
    .select<ProviderRow[]>(
      'pr.*',
      // Only a verified number is the provider's phone; a pending one lives with the phone module.
      db.raw('CASE WHEN p.phone_verified_at IS NOT NULL THEN p.phone_number END AS phone_number'),
      'p.avatar_url',
      'p.language',
      'p.is_onboarded',
    );
}

export async function findProvider(db: Knex, id: string): Promise<ProviderRow | null> {
  return (await providerQuery(db).where('pr.id', id).first()) ?? null;
}

/** The caller's provider profile, or 403: provider routes are provider-only (SPEC.md §6). */
export async function requireProvider(db: Knex, userId: string): Promise<ProviderRow> {
  const provider = await findProvider(db, userId);
  if (!provider) throw forbidden();
  return provider;
}

/** Same as requireProvider, locking the provider row so that concurrent changes queue. */
export async function lockProvider(trx: Knex.Transaction, userId: string): Promise<ProviderRow> {
  const provider = await providerQuery(trx).where('pr.id', userId).forUpdate('pr').first();
  if (!provider) throw forbidden();
  return provider;
}

export async function offeredCategories(db: Knex, providerId: string, locale: Locale) {
  const rows: CategoryRow[] = await db('provider_categories as pc')
    .join('categories as c', 'c.id', 'pc.category_id')
    .where('pc.provider_id', providerId)
    .orderBy('c.sort_order')
    .select(categoryColumns.map((column) => `c.${column}`));
  return rows.map((row) => toCategory(row, locale));
}

function nullIfEmpty(value: string | null | undefined): string | null {
  return value ? value : null;
}

/** Social links without the empty ones: a removed network is simply absent. */
function cleanSocialMedia(social: Record<string, string | null | undefined>): SocialMedia {
  return Object.fromEntries(Object.entries(social).filter(([, value]) => value)) as SocialMedia;
}

async function toProviderProfile(db: Knex, row: ProviderRow, locale?: Locale): Promise<ProviderProfile> {
  const categories = await offeredCategories(db, row.id, locale ?? row.language);
  return {
    id: row.id,
    company_name: row.company_name,
    ein: row.ein,
    phone_number: row.phone_number,
    business_address: row.business_address,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    website_url: row.website_url,
    years_experience: row.years_experience,
    company_description: row.company_description,
    insured: row.insured,
    insurance_details: row.insurance_details,
    social_media: row.social_media,
    // The uploads module may have set only the account's picture before the provider existed.
    profile_picture_url: row.profile_picture_url ?? row.avatar_url,
    business_hours: row.business_hours,
    timezone: row.timezone,
    hourly_rate_cents: row.hourly_rate_cents ?? null,
    rate: rateOf(row),
    categories: categories.map(({ id, slug, name }) => ({ id, slug, name })),
  };
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
    const existing = await trx('providers').where({ id: userId }).first('id');
    if (existing && account.is_contractor) throw new AppError('conflict', 'This account is already a provider');
    await trx('providers')
      .insert({ id: userId, company_name: companyName, created_at: now, updated_at: now })
      .onConflict('id')
      .merge(['company_name', 'updated_at']);
    await trx('profiles').where({ id: userId }).update({ is_contractor: true, updated_at: now });
  });
  return ownProviderProfile(knex, userId);
}

export interface ProviderChanges {
  company_name?: string;
  ein?: string;
  business_address?: string;
  city?: string;
  state?: string;
  zip_code?: string;
  website_url?: string | null;
  years_experience?: number;
  company_description?: string | null;
  insured?: boolean;
  insurance_details?: string | null;
  social_media?: Record<string, string | null>;
  timezone?: string;
  hourly_rate_cents?: number | null;
  rate?: ProviderRate | null;
}

/** Columns from a validated change: empty optional texts are stored as null. */
function providerColumns(changes: ProviderChanges): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (key === 'rate') Object.assign(columns, rateColumns(value as ProviderRate | null));
    else if (key === 'social_media') columns.social_media = JSON.stringify(cleanSocialMedia(value as Record<string, string | null>));
    else if (key === 'website_url' || key === 'company_description' || key === 'insurance_details') columns[key] = nullIfEmpty(value as string | null);
    else columns[key] = value;
  }
  return columns;
}

export async function updateOwnProvider(knex: Knex, userId: string, changes: ProviderChanges, now: Date): Promise<ProviderProfile> {
  await knex.transaction(async (trx) => {
    await lockProvider(trx, userId);
    await trx('providers')
      .where({ id: userId })
      .update({ ...providerColumns(changes), updated_at: now });
    // Search distances and the municipality filter follow the address.
    if (changes.city !== undefined || changes.zip_code !== undefined) await placeAddress(trx, 'providers', userId);
  });
  return ownProviderProfile(knex, userId);
}

/** Category ids that exist, in the order given; unknown ones fail the named field. */
export async function requireCategories(db: Knex, ids: number[], field: string): Promise<void> {
  const found = await db('categories').whereIn('id', ids).pluck<number[]>('id');
  if (found.length !== new Set(ids).size) {
    throw new AppError('validation_failed', 'Unknown service category', { details: { [field]: 'not_allowed' } });
  }
}

export interface ProviderOnboarding {
  provider: ProviderChanges & { company_name: string };
  serviceCategories: number[];
}

/** Fields a provider needs before finishing onboarding, and at least one service (SPEC.md §5). */
async function missingForProvider(db: Knex, userId: string): Promise<string[]> {
  const row = await db('providers').where({ id: userId }).first();
  if (!row) return ['company_name'];
  const required = ['company_name', 'ein', 'business_address', 'city', 'state', 'zip_code', 'years_experience'];
  const missing = required.filter((field) => row[field] === null || row[field] === undefined);
  const offered = await db('provider_categories').where({ provider_id: userId }).first('category_id');
  if (!offered) missing.push('serviceCategories');
  return missing;
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
    const columns = providerColumns(input.provider);
    await trx('providers')
      .insert({ id: userId, ...columns, created_at: now, updated_at: now })
      .onConflict('id')
      .merge({ ...columns, updated_at: now });
    await placeAddress(trx, 'providers', userId);
    await trx('provider_categories').where({ provider_id: userId }).whereNotIn('category_id', input.serviceCategories).delete();
    await trx('provider_categories')
      .insert(input.serviceCategories.map((categoryId) => ({ provider_id: userId, category_id: categoryId })))
      .onConflict(['provider_id', 'category_id'])
      .ignore();
    return finish(trx, account, now);
  });
}

/** POST /profiles/me/complete-onboarding for a provider: finishes with what is already saved. */
export async function finishProviderOnboarding(trx: Knex.Transaction, userId: string, now: Date): Promise<Profile> {
  const account = await lockAccount(trx, userId);
  requireNotOnboarded(account);
  return finish(trx, account, now);
}
