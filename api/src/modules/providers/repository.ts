/** The providers table and its neighbours as read and written: rows, their columns and the mappers to contract's ProviderProfile. */
import type { Knex } from 'knex';
import type { BusinessHours, CancellationFeeKind, CancellationFreeHours, CancellationPolicy, Locale, ProviderProfile, ProviderRate, RescheduleNoticeHours, SocialMedia } from '@resuelve/contract';
import { categoryColumns, toCategory, type CategoryRow } from '../categories/index.ts';
import type { ProviderChanges } from './schemas.ts';

/** A provider's row as read: the contract's profile fields (categories are read apart), plus the account's. */
export interface ProviderRow extends Omit<ProviderProfile, 'categories' | 'rate' | 'cancellation_policy'>, RateColumns, PolicyColumns {
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

export function rateColumns(rate: ProviderRate | null): RateColumns {
  return rate ? { rate_cents: rate.amount_cents, rate_unit: rate.unit, rate_from: rate.from } : { rate_cents: null, rate_unit: null, rate_from: false };
}

/** The cancellation policy as stored: four columns, window, fee kind and value set together (migration 0038). */
export interface PolicyColumns {
  cancel_free_hours: CancellationFreeHours | null;
  cancel_fee_kind: CancellationFeeKind | null;
  cancel_fee_value: number | null;
  reschedule_notice_hours: RescheduleNoticeHours;
}

export function policyOf(row: PolicyColumns): CancellationPolicy {
  return {
    free_hours: row.cancel_free_hours,
    fee_kind: row.cancel_fee_kind,
    fee_value: row.cancel_fee_value,
    reschedule_notice_hours: row.reschedule_notice_hours,
  };
}

export function policyColumns(policy: CancellationPolicy): PolicyColumns {
  return {
    cancel_free_hours: policy.free_hours,
    cancel_fee_kind: policy.free_hours === null ? null : policy.fee_kind,
    cancel_fee_value: policy.free_hours === null ? null : policy.fee_value,
    reschedule_notice_hours: policy.reschedule_notice_hours,
  };
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

export async function toProviderProfile(db: Knex, row: ProviderRow, locale?: Locale): Promise<ProviderProfile> {
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
    rate: rateOf(row),
    cancellation_policy: policyOf(row),
    default_tax_rate: row.default_tax_rate,
    categories: categories.map(({ id, slug, name }) => ({ id, slug, name })),
  };
}

/** Columns from a validated change: empty optional texts are stored as null. */
function providerColumns(changes: ProviderChanges): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (key === 'rate') Object.assign(columns, rateColumns(value as ProviderRate | null));
    else if (key === 'cancellation_policy') Object.assign(columns, policyColumns(value as CancellationPolicy));
    else if (key === 'social_media') columns.social_media = JSON.stringify(cleanSocialMedia(value as Record<string, string | null>));
    else if (key === 'website_url' || key === 'company_description') columns[key] = nullIfEmpty(value as string | null);
    else columns[key] = value;
  }
  return columns;
}

/** Fields a provider needs before finishing onboarding, and at least one service (SPEC.md §5). */
export async function missingForProvider(db: Knex, userId: string): Promise<string[]> {
  const row = await db('providers').where({ id: userId }).first();
  if (!row) return ['company_name'];
  const required = ['company_name', 'ein', 'business_address', 'city', 'state', 'zip_code', 'years_experience'];
  const missing = required.filter((field) => row[field] === null || row[field] === undefined);
  const offered = await db('provider_categories').where({ provider_id: userId }).first('category_id');
  if (!offered) missing.push('serviceCategories');
  return missing;
}

/** The provider row locked for the rest of the transaction, so that concurrent changes queue; null for no provider. */
export async function lockProviderRow(trx: Knex.Transaction, id: string): Promise<ProviderRow | null> {
  return (await providerQuery(trx).where('pr.id', id).forUpdate('pr').first()) ?? null;
}

export async function hasProviderRow(db: Knex, id: string): Promise<boolean> {
  return Boolean(await db('providers').where({ id }).first('id'));
}

/** A provider row with a company name (kept when one was started before), and the account flagged as contractor. */
export async function startProvider(trx: Knex.Transaction, id: string, companyName: string, now: Date): Promise<void> {
  await trx('providers')
    .insert({ id, company_name: companyName, created_at: now, updated_at: now })
    .onConflict('id')
    .merge(['company_name', 'updated_at']);
  await trx('profiles').where({ id }).update({ is_contractor: true, updated_at: now });
}

export async function updateProviderRow(trx: Knex.Transaction, id: string, changes: ProviderChanges, now: Date): Promise<void> {
  await trx('providers')
    .where({ id })
    .update({ ...providerColumns(changes), updated_at: now });
}

/** The whole provider row from the onboarding form, made or replaced. */
export async function saveProviderRow(trx: Knex.Transaction, id: string, changes: ProviderChanges, now: Date): Promise<void> {
  const columns = providerColumns(changes);
  await trx('providers')
    .insert({ id, ...columns, created_at: now, updated_at: now })
    .onConflict('id')
    .merge({ ...columns, updated_at: now });
}

export async function saveBusinessHours(trx: Knex.Transaction, id: string, hours: BusinessHours, now: Date): Promise<void> {
  await trx('providers')
    .where({ id })
    .update({ business_hours: JSON.stringify(hours), updated_at: now });
}

/** Which of these category ids exist. */
export async function existingCategoryIds(db: Knex, ids: number[]): Promise<number[]> {
  return db('categories').whereIn('id', ids).pluck<number[]>('id');
}

export async function offeredCategoryIds(db: Knex, providerId: string): Promise<number[]> {
  return db('provider_categories').where({ provider_id: providerId }).pluck<number[]>('category_id');
}

/** Offers each category not offered yet; those already offered stay as they are. */
export async function offerCategories(trx: Knex.Transaction, providerId: string, categoryIds: number[]): Promise<void> {
  await trx('provider_categories')
    .insert(categoryIds.map((categoryId) => ({ provider_id: providerId, category_id: categoryId })))
    .onConflict(['provider_id', 'category_id'])
    .ignore();
}

/** Offers exactly these categories. */
export async function replaceOfferedCategories(trx: Knex.Transaction, providerId: string, categoryIds: number[]): Promise<void> {
  await trx('provider_categories').where({ provider_id: providerId }).whereNotIn('category_id', categoryIds).delete();
  await offerCategories(trx, providerId, categoryIds);
}

export async function withdrawCategory(trx: Knex.Transaction, providerId: string, categoryId: number): Promise<void> {
  await trx('provider_categories').where({ provider_id: providerId, category_id: categoryId }).delete();
}

export interface BlockedDate {
  date: string;
  reason: string | null;
}

/** Blocked days from `fromDay` on, soonest first. */
export async function blockedDatesFrom(db: Knex, providerId: string, fromDay: string): Promise<BlockedDate[]> {
  // A date column as text: node-pg would make a local-midnight Date of it.
  return db('blocked_dates')
    .where({ provider_id: providerId })
    .where('date', '>=', fromDay)
    .orderBy('blocked_dates.date')
    .select<BlockedDate[]>(db.raw(`to_char(date, 'YYYY-MM-DD') AS date`), 'reason');
}

export async function countBlockedDatesFrom(db: Knex, providerId: string, fromDay: string): Promise<number> {
  const [row] = await db('blocked_dates').where({ provider_id: providerId }).where('date', '>=', fromDay).count<{ count: number }[]>('* as count');
  return row?.count ?? 0;
}

/** Whether the day was newly blocked (false: it already was). */
export async function insertBlockedDate(trx: Knex.Transaction, providerId: string, blocked: BlockedDate, now: Date): Promise<boolean> {
  const inserted = await trx('blocked_dates')
    .insert({ provider_id: providerId, date: blocked.date, reason: blocked.reason, created_at: now })
    .onConflict(['provider_id', 'date'])
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

/** Whether a blocked day was removed. */
export async function deleteBlockedDate(trx: Knex.Transaction, providerId: string, date: string): Promise<boolean> {
  return (await trx('blocked_dates').where({ provider_id: providerId, date }).delete()) > 0;
}
