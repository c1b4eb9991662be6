/** Profile rules: what a person sees of themself, what others see, and what they may change. */
import type { Knex } from 'knex';
import type { Locale, Profile, PublicProfile } from '@resuelve/contract';
import { displayNameOf } from './display-name.ts';
import { ProfileRow } from './models.ts';

interface OwnProfileRow {
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

function ownProfileQuery(db: Knex) {
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

function toProfile(row: OwnProfileRow): Profile {
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

/** The person's own profile, or null when the account no longer exists. */
export async function ownProfile(db: Knex, userId: string): Promise<Profile | null> {
  const row = await ownProfileQuery(db).where('p.id', userId).first();
  return row ? toProfile(row) : null;
}

/**
 * What anybody signed in may see of an account. Accounts whose email is not verified are not
 * shown: a fresh sign-up is nobody's business yet, and it keeps sign-up from revealing which
 * addresses already have an account.
 */
export async function publicProfile(db: Knex, id: string): Promise<PublicProfile | null> {
  const row = await ownProfileQuery(db).where('p.id', id).first();
  if (!row) return null;
  const profile = toProfile(row);
  if (!profile.is_email_verified) return null;
  return {
    id: profile.id,
    is_contractor: profile.is_contractor,
    display_name: profile.display_name,
    avatar_url: profile.avatar_url,
    created_at: profile.created_at,
  };
}

export interface ProfileChanges {
  language?: Locale;
  first_name?: string | null;
  last_name?: string | null;
}

export async function updateOwnProfile(db: Knex, userId: string, changes: ProfileChanges, now: Date): Promise<Profile | null> {
  return db.transaction(async (trx) => {
    const current = await ProfileRow.query(trx).findById(userId).forUpdate();
    if (!current) return null;
    const patch: Partial<ProfileRow> = { updated_at: now };
    if (changes.language !== undefined) patch.language = changes.language;
    if (changes.first_name !== undefined) patch.first_name = changes.first_name;
    if (changes.last_name !== undefined) patch.last_name = changes.last_name;
    if (changes.first_name !== undefined || changes.last_name !== undefined) {
      const firstName = changes.first_name !== undefined ? changes.first_name : current.first_name;
      const lastName = changes.last_name !== undefined ? changes.last_name : current.last_name;
      patch.display_name = displayNameOf(firstName, lastName);
    }
    await ProfileRow.query(trx).findById(userId).patch(patch);
    return ownProfile(trx, userId);
  });
}

/**
 * Makes the account with this email an admin (the command line's job, DESIGN.md §4). Answers
 * null when no account has that email, and whether it already was one.
 */
export async function grantAdmin(db: Knex, email: string, now: Date): Promise<{ profile: Profile; already: boolean } | null> {
  const user = await db('users').where({ email }).first<{ id: string } | undefined>('id');
  if (!user) return null;
  const before = await ProfileRow.query(db).findById(user.id);
  if (!before) return null;
  if (!before.is_admin) await ProfileRow.query(db).findById(user.id).patch({ is_admin: true, updated_at: now });
  const profile = await ownProfile(db, user.id);
  return profile ? { profile, already: before.is_admin } : null;
}
