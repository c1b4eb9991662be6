/** The phone_verifications table and the verified number on the profile. */
import type { Knex } from 'knex';

export interface VerificationRow {
  id: string;
  user_id: string;
  phone_number: string;
  code_hash: string;
  attempts_left: number;
  sent_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** Whether another account already has this number. */
export async function numberOwnedByOther(db: Knex, phoneNumber: string, userId: string): Promise<boolean> {
  return Boolean(await db('profiles').where({ phone_number: phoneNumber }).whereNot({ id: userId }).first('id'));
}

export interface NewCode {
  userId: string;
  phoneNumber: string;
  codeHash: string;
  attempts: number;
  sentAt: Date;
  expiresAt: Date;
}

/**
 * Stores the account's new code, replacing the old one unless that was sent after `waitFrom`
 * (the resend wait): one statement decides, so two requests at once cannot both send. Answers the
 * row's id, or null while the wait holds.
 */
export async function storeCodeUnlessWaiting(trx: Knex.Transaction, code: NewCode, waitFrom: Date): Promise<string | null> {
  const { rows } = await trx.raw<{ rows: { id: string }[] }>(
    `INSERT INTO phone_verifications (user_id, phone_number, code_hash, attempts_left, sent_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET
       phone_number = EXCLUDED.phone_number, code_hash = EXCLUDED.code_hash, attempts_left = EXCLUDED.attempts_left,
       sent_at = EXCLUDED.sent_at, expires_at = EXCLUDED.expires_at, used_at = NULL
     WHERE phone_verifications.sent_at <= ? OR phone_verifications.sent_at > ?
     RETURNING id`,
    [
      code.userId,
      code.phoneNumber,
      code.codeHash,
      code.attempts,
      code.sentAt,
      code.expiresAt,
      waitFrom,
      // A code "sent in the future" means the dev clock was set back: it holds no wait.
      code.sentAt,
    ],
  );
  return rows[0]?.id ?? null;
}

export async function verificationOf(db: Knex, userId: string): Promise<VerificationRow | undefined> {
  return db('phone_verifications').where({ user_id: userId }).first<VerificationRow | undefined>();
}

export async function lockVerification(trx: Knex.Transaction, userId: string): Promise<VerificationRow | undefined> {
  return trx('phone_verifications').where({ user_id: userId }).forUpdate().first<VerificationRow | undefined>();
}

export async function deleteVerification(db: Knex, id: string): Promise<void> {
  await db('phone_verifications').where({ id }).delete();
}

export async function setAttemptsLeft(trx: Knex.Transaction, id: string, attemptsLeft: number): Promise<void> {
  await trx('phone_verifications').where({ id }).update({ attempts_left: attemptsLeft });
}

export async function markCodeUsed(trx: Knex.Transaction, id: string, now: Date): Promise<void> {
  await trx('phone_verifications').where({ id }).update({ used_at: now });
}

export async function setVerifiedPhone(db: Knex, userId: string, phoneNumber: string, now: Date): Promise<void> {
  await db('profiles').where({ id: userId }).update({ phone_number: phoneNumber, phone_verified_at: now, updated_at: now });
}

export async function phoneOfAccount(db: Knex, userId: string) {
  return db('profiles')
    .where({ id: userId })
    .first<{ phone_number: string | null; phone_verified_at: Date | null } | undefined>('phone_number', 'phone_verified_at');
}

/** The account's code still usable at `now`, if any. */
export async function usableCode(db: Knex, userId: string, now: Date): Promise<VerificationRow | undefined> {
  return db('phone_verifications').where({ user_id: userId }).whereNull('used_at').where('expires_at', '>', now).first<VerificationRow | undefined>();
}
