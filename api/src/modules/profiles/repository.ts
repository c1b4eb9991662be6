/** The profile table (migrations/src/20261121_0002_accounts.ts; its id is the user's id), its reads and the SQL of a person's name. */
import type { Knex } from 'knex';
import { Model } from 'objection';
import { defaultLocale, type AccountType, type Locale, type Profile } from '@resuelve/contract';

export class ProfileRow extends Model {
  static override tableName = 'profiles';

  declare id: string;
  declare is_contractor: boolean;
  declare is_onboarded: boolean;
  declare is_email_verified: boolean;
  declare is_admin: boolean;
  declare language: Locale;
  declare first_name: string | null;
  declare last_name: string | null;
  declare display_name: string | null;
  declare avatar_url: string | null;
  declare created_at: Date;
  declare updated_at: Date;
}

/** The language the account's emails and texts are written in. */
export async function languageOf(db: Knex, userId: string): Promise<Locale> {
  const profile = await db('profiles').where({ id: userId }).first<{ language: Locale } | undefined>('language');
  return profile?.language ?? defaultLocale;
}

/** What the onboarding rules read of an account (service/account-state.ts). */
export interface AccountState {
  id: string;
  is_contractor: boolean;
  is_onboarded: boolean;
  is_admin: boolean;
  language: Locale;
  phone_verified_at: Date | null;
}

/** The account's state, locked for the rest of the transaction when `lock` is set. */
export async function accountStateRow(db: Knex, userId: string, options: { lock: boolean }): Promise<AccountState | undefined> {
  const query = db('profiles').where({ id: userId });
  if (options.lock) query.forUpdate();
  return query.first<AccountState | undefined>('id', 'is_contractor', 'is_onboarded', 'is_admin', 'language', 'phone_verified_at');
}

export async function flagOnboarded(trx: Knex.Transaction, userId: string, type: AccountType, now: Date): Promise<void> {
  await trx('profiles')
    .where({ id: userId })
    .update({ is_onboarded: true, is_contractor: type === 'provider', updated_at: now });
}

/** The saved onboarding draft of an account (the onboarding_progress row). */
export interface OnboardingProgress {
  account_type: AccountType | null;
  step: string | null;
  data: Record<string, Record<string, unknown>>;
}

/** Replaces the saved onboarding draft: onboarding saves it per step, finishing empties it. */
export async function writeProgress(db: Knex, userId: string, progress: OnboardingProgress, now: Date): Promise<void> {
  await db('onboarding_progress')
    .insert({ user_id: userId, account_type: progress.account_type, step: progress.step, data: JSON.stringify(progress.data), updated_at: now })
    .onConflict('user_id')
    .merge();
}

export interface OwnProfileRow {
  id: string;
  email: string;
  email_confirmed_at: Date | null;
  is_contractor: boolean;
  is_onboarded: boolean;
  is_email_verified: boolean;
  is_admin: boolean;
  language: Locale;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
  avatar_url: string | null;
  created_at: Date;
}

export function ownProfileQuery(db: Knex) {
  return db('profiles as p')
    .join('users as u', 'u.id', 'p.id')
    .select<OwnProfileRow[]>(
      'p.id',
      'u.email',
      'u.email_confirmed_at',
      'p.is_contractor',
      'p.is_onboarded',
      'p.is_email_verified',
      'p.is_admin',
      'p.language',
      'p.first_name',
      'p.last_name',
      'p.display_name',
      'p.avatar_url',
      'p.created_at',
    );
}

export function toProfile(row: OwnProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    is_contractor: row.is_contractor,
    is_onboarded: row.is_onboarded,
    // SPEC.md §3: verified when the auth module confirmed it or the profile says so.
    is_email_verified: row.email_confirmed_at !== null || row.is_email_verified,
    is_admin: row.is_admin,
    language: row.language,
    first_name: row.first_name,
    last_name: row.last_name,
    display_name: row.display_name,
    avatar_url: row.avatar_url,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/**
 * The name a person shows others (decision record 0009): first name and last initial, "María R.".
 * It is stored in profiles.display_name when the names change; reviews, and every text that leaves
 * the app (emails, SMS, calendar feeds read by other calendar apps), read it through `personNameSql`.
 * The job's screens show its two parties each other's full name (`partyNameSql`): the provider
 * comes to the client's door, and both need to know whom they meet.
 */

/**
 * SQL for the shown name of the profiles row `alias`: its stored display name, or the same rule
 * applied to its names where none was stored (rows written by seeds and tests); null without a
 * first name.
 */
export function personNameSql(alias: string): string {
  const initial = `' ' || upper(left(nullif(${alias}.last_name, ''), 1)) || '.'`;
  return `coalesce(nullif(${alias}.display_name, ''), nullif(${alias}.first_name, '') || coalesce(${initial}, ''))`;
}

/** SQL for the full name of the profiles row `alias`, as a job's other party sees it; its shown name where no names are stored. */
export function partyNameSql(alias: string): string {
  return `coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), nullif(${alias}.display_name, ''))`;
}
