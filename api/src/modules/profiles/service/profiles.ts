/** Profile rules: what a person sees of themself, what others see, and what they may change. */
import type { Knex } from 'knex';
import type { Locale, Profile, PublicProfile } from '@resuelve/contract';
import { ownProfileQuery, ProfileRow, toProfile } from '../repository.ts';

/** "María R." from the person's names (decision record 0009); none without a first name. */
export function displayNameOf(firstName: string | null, lastName: string | null): string | null {
  if (!firstName) return null;
  const initial = lastName ? ` ${[...lastName][0]!.toLocaleUpperCase()}.` : '';
  return `${firstName}${initial}`;
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
