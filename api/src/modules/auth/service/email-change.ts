/**
 * Email change with re-verification (DESIGN.md §4): the signed-in person confirms with their
 * password, the new address gets a one-time link, and the account moves there only when the link
 * is opened (through POST /auth/verify-email). The old address is told at once. Whether the new
 * address already has an account is never said: its owner gets a notice instead of a link.
 */
import { limits } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';
import { isUniqueViolation } from '../../../lib/pg-errors.ts';
import { languageOf } from '../../profiles/index.ts';
import { sendAccountEmail } from '../notices.ts';
import { EmailToken, User } from '../repository.ts';
import { mayMail, type AccountEnv } from './account-env.ts';
import { hashToken, newToken, verifyPassword } from './secrets.ts';

export async function requestEmailChange(env: AccountEnv, userId: string, input: { newEmail: string; password: string }): Promise<void> {
  const user = await User.query(env.db).findById(userId);
  if (!user) throw new AppError('unauthorized', 'Account not found');
  if (!(await verifyPassword(user.password_hash, input.password))) throw new AppError('invalid_credentials', 'Wrong password');
  if (user.email.toLowerCase() === input.newEmail.toLowerCase()) return;

  const locale = await languageOf(env.db, user.id);
  const owner = await User.query(env.db).findOne({ email: input.newEmail });
  if (owner) {
    if (await mayMail(env.db, 'email_change_taken', input.newEmail)) {
      await sendAccountEmail(env.email, owner.email, await languageOf(env.db, owner.id), 'email_change_taken', {
        signInLink: `${env.publicUrl}/auth`,
      });
    }
  } else if (await mayMail(env.db, 'change_email', input.newEmail)) {
    const token = newToken();
    await env.db.transaction(async (trx) => {
      // Only the latest request counts: earlier links stop working.
      await EmailToken.query(trx).patch({ used_at: env.now }).where({ user_id: user.id, purpose: 'change_email' }).whereNull('used_at');
      await EmailToken.query(trx).insert({
        user_id: user.id,
        purpose: 'change_email',
        email: input.newEmail,
        token_hash: hashToken(token),
        expires_at: new Date(env.now.getTime() + limits.verificationLinkHours * 3600_000),
        created_at: env.now,
      });
    });
    await sendAccountEmail(env.email, input.newEmail, locale, 'email_change_link', {
      link: `${env.publicUrl}/verify-email?token=${token}`,
      hours: limits.verificationLinkHours,
    });
  }
  // The same notice either way, so the old address learns nothing about the new one's owner.
  if (await mayMail(env.db, 'email_change_requested', user.email)) {
    await sendAccountEmail(env.email, user.email, locale, 'email_change_requested', {
      newEmail: input.newEmail,
      resetLink: `${env.publicUrl}/auth/reset-password`,
    });
  }
}

/**
 * Moves the account to the address an email-change link was sent to. Answers false when the token
 * is no email-change link at all (the caller then tries it as a sign-up verification link).
 */
export async function confirmEmailChange(env: AccountEnv, token: string): Promise<boolean> {
  const outcome = await env.db.transaction(async (trx) => {
    const spent = (await EmailToken.query(trx)
      .patch({ used_at: env.now })
      .where({ token_hash: hashToken(token), purpose: 'change_email' })
      .whereNull('used_at')
      .where('expires_at', '>', env.now)
      .returning('*')) as unknown as EmailToken[];
    const link = spent[0];
    if (!link) {
      const known = await EmailToken.query(trx).findOne({ token_hash: hashToken(token), purpose: 'change_email' });
      return known ? ('invalid' as const) : ('not_mine' as const);
    }
    const user = await User.query(trx).findById(link.user_id).forUpdate();
    // A password set after the request (say, by the owner who did not ask) cancels it.
    if (!user || (user.password_changed_at && user.password_changed_at.getTime() > link.created_at.getTime())) return 'invalid' as const;
    try {
      await trx.transaction(async (savepoint) => {
        await User.query(savepoint).findById(user.id).patch({ email: link.email, email_confirmed_at: env.now, updated_at: env.now });
      });
    } catch (error) {
      // Somebody signed up with the address meanwhile.
      if (isUniqueViolation(error)) return 'invalid' as const;
      throw error;
    }
    return 'changed' as const;
  });
  if (outcome === 'not_mine') return false;
  if (outcome === 'invalid') throw new AppError('verification_link_invalid', 'Verification link is invalid or expired');
  return true;
}
