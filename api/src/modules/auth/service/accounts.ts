/**
 * Account rules (DESIGN.md §4): sign-up, email verification, resend, password reset. Answers never
 * reveal whether an address has an account; mail to one address is capped silently.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { limits, type Locale } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';
import { announceSessionsEnded } from '../../../lib/live-sessions.ts';
import { isUniqueViolation } from '../../../lib/pg-errors.ts';
import { languageOf, ProfileRow } from '../../profiles/index.ts';
import { sendAccountEmail } from '../notices.ts';
import { EmailToken, User, type EmailTokenPurpose } from '../repository.ts';
import { mayMail, type AccountEnv } from './account-env.ts';
import { confirmEmailChange } from './email-change.ts';
import { hashPassword, hashToken, newToken } from './secrets.ts';
import { revokeAllSessions } from './sessions.ts';

const hour = 3600_000;
const linkLifetimeMs: Record<EmailTokenPurpose, number> = {
  verify_email: limits.verificationLinkHours * hour,
  reset_password: limits.resetLinkMinutes * 60_000,
  change_email: limits.verificationLinkHours * hour,
};

export interface NewAccount {
  email: string;
  password: string;
  locale: Locale;
  /** Demo and admin-made accounts start confirmed; sign-ups confirm by link. */
  confirmedAt?: Date | null;
  profile?: Partial<Pick<ProfileRow, 'is_contractor' | 'is_onboarded' | 'is_admin' | 'first_name' | 'last_name' | 'display_name'>>;
}

/** Creates the user and its profile together; the caller gives the transaction. */
export async function createAccount(trx: Knex, account: NewAccount, now: Date): Promise<User> {
  const passwordHash = await hashPassword(account.password);
  const user = await User.query(trx).insertAndFetch({
    email: account.email,
    password_hash: passwordHash,
    email_confirmed_at: account.confirmedAt ?? null,
    created_at: now,
    updated_at: now,
  });
  await ProfileRow.query(trx).insert({ id: user.id, language: account.locale, ...account.profile, created_at: now, updated_at: now });
  return user;
}

async function isVerified(db: Knex, user: User): Promise<boolean> {
  if (user.email_confirmed_at) return true;
  const profile = await ProfileRow.query(db).findById(user.id).select('is_email_verified');
  return profile?.is_email_verified === true;
}

async function issueLink(env: AccountEnv, user: User, purpose: EmailTokenPurpose): Promise<string> {
  const token = newToken();
  await EmailToken.query(env.db).insert({
    user_id: user.id,
    purpose,
    email: user.email,
    token_hash: hashToken(token),
    expires_at: new Date(env.now.getTime() + linkLifetimeMs[purpose]),
    created_at: env.now,
  });
  const page = purpose === 'verify_email' ? '/verify-email' : '/auth/reset-password';
  return `${env.publicUrl}${page}?token=${token}`;
}

async function sendVerification(env: AccountEnv, user: User, locale: Locale): Promise<void> {
  if (!(await mayMail(env.db, 'verify_email', user.email))) return;
  const link = await issueLink(env, user, 'verify_email');
  await sendAccountEmail(env.email, user.email, locale, 'verify_email', { link, hours: limits.verificationLinkHours });
}

/**
 * A new account answers `{id, email}`. An address that already has one answers the same way, with
 * an id that leads nowhere, and its owner gets a new verification link (not yet verified) or a
 * note that someone tried (verified): the answer never tells which.
 */
export async function signUp(env: AccountEnv, input: { email: string; password: string; locale: Locale }) {
  let user = await User.query(env.db).findOne({ email: input.email });
  if (!user) {
    try {
      user = await env.db.transaction((trx) => createAccount(trx, input, env.now));
      await sendVerification(env, user, input.locale);
      return { id: user.id, email: user.email };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      user = await User.query(env.db).findOne({ email: input.email });
      if (!user) throw error;
    }
  } else {
    // The same work as a real sign-up, so the answer takes as long.
    await hashPassword(input.password);
  }
  const locale = await languageOf(env.db, user.id);
  if (!(await isVerified(env.db, user))) {
    await sendVerification(env, user, locale);
  } else if (await mayMail(env.db, 'signup_attempt', user.email)) {
    await sendAccountEmail(env.email, user.email, locale, 'signup_attempt', {
      signInLink: `${env.publicUrl}/auth`,
      resetLink: `${env.publicUrl}/auth/reset-password`,
    });
  }
  return { id: randomUUID(), email: input.email };
}

/** Marks the link used, or answers null when it is unknown, used or expired (one atomic step). */
async function spendLink(trx: Knex, token: string, purpose: EmailTokenPurpose, now: Date): Promise<EmailToken | null> {
  const spent = await EmailToken.query(trx)
    .patch({ used_at: now })
    .where({ token_hash: hashToken(token), purpose })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .returning('*');
  const rows = spent as unknown as EmailToken[];
  return rows[0] ?? null;
}

/**
 * Spends the link. A sign-up's link answers whose address it verified (the route may then sign
 * that browser in); an email change's link answers null (its person is already signed in).
 */
export async function verifyEmail(env: AccountEnv, token: string): Promise<{ userId: string; email: string } | null> {
  // A link sent by an email change moves the account to its new address instead (email-change.ts).
  if (await confirmEmailChange(env, token)) return null;
  const verified = await env.db.transaction(async (trx) => {
    const link = await spendLink(trx, token, 'verify_email', env.now);
    if (!link) return false;
    const user = await User.query(trx).findById(link.user_id);
    // A link proves only the address it was sent to.
    if (!user || user.email.toLowerCase() !== link.email.toLowerCase()) return false;
    if (!user.email_confirmed_at) await User.query(trx).findById(user.id).patch({ email_confirmed_at: env.now, updated_at: env.now });
    return { userId: user.id, email: user.email };
  });
  if (!verified) throw new AppError('verification_link_invalid', 'Verification link is invalid or expired');
  return verified;
}

export async function resendVerification(env: AccountEnv, email: string): Promise<void> {
  const user = await User.query(env.db).findOne({ email });
  if (!user || (await isVerified(env.db, user))) return;
  await sendVerification(env, user, await languageOf(env.db, user.id));
}

export async function requestPasswordReset(env: AccountEnv, email: string): Promise<void> {
  const user = await User.query(env.db).findOne({ email });
  if (!user || !(await mayMail(env.db, 'reset_password', user.email))) return;
  const link = await issueLink(env, user, 'reset_password');
  await sendAccountEmail(env.email, user.email, await languageOf(env.db, user.id), 'password_reset', {
    link,
    minutes: limits.resetLinkMinutes,
  });
}

/**
 * Sets the new password from a reset link: every other reset link and every session of the
 * account end, the lock is lifted, and the address counts as confirmed (the link reached it).
 */
export async function confirmPasswordReset(env: AccountEnv, token: string, password: string): Promise<void> {
  // Hashing is slow; do it before the transaction holds any row.
  const passwordHash = await hashPassword(password);
  const user = await env.db.transaction(async (trx) => {
    const link = await spendLink(trx, token, 'reset_password', env.now);
    if (!link) return null;
    const found = await User.query(trx).findById(link.user_id).forUpdate();
    if (!found || found.email.toLowerCase() !== link.email.toLowerCase()) return null;
    await User.query(trx)
      .findById(found.id)
      .patch({
        password_hash: passwordHash,
        password_changed_at: env.now,
        failed_login_count: 0,
        locked_until: null,
        email_confirmed_at: found.email_confirmed_at ?? env.now,
        updated_at: env.now,
      });
    await EmailToken.query(trx).patch({ used_at: env.now }).where({ user_id: found.id, purpose: 'reset_password' }).whereNull('used_at');
    await revokeAllSessions(trx, found.id, env.now);
    return found;
  });
  if (!user) throw new AppError('reset_link_invalid', 'Reset link is invalid, used or expired');
  await announceSessionsEnded(env.events, { user_id: user.id, session_ids: null, reason: 'password_reset' }, env.now);
  await sendAccountEmail(env.email, user.email, await languageOf(env.db, user.id), 'password_changed', {
    resetLink: `${env.publicUrl}/auth/reset-password`,
  });
}
