/**
 * Phone verification rules (SPEC.md §4, §8): a 6-digit code by SMS, valid 10 minutes, 5 attempts,
 * a new code after 60 seconds, at most 5 sends an hour per number and per account. A verified
 * number belongs to one account: the unique index on profiles.phone_number settles the race of two
 * accounts verifying it at the same moment (`phone_taken`).
 */
import type { Knex } from 'knex';
import { defaultLocale, phoneDigits, profileLimits, type Locale } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';
import type { SmsSender } from '../../../lib/senders.ts';
import { hit } from '../../../lib/rate-limits.ts';
import { isUniqueViolation } from '../../../lib/pg-errors.ts';
import { codeMatches, hashCode, newCode } from './codes.ts';
import { composeSms } from '../notices.ts';

/** What the phone rules need from the outside world, for one request. */
export interface PhoneEnv {
  db: Knex;
  now: Date;
  /** Keys the code hashes (config.jwtSecret). */
  secret: string;
  sms: SmsSender;
  localesDir: string;
  /** Logs why a send failed; the person only learns that it did. */
  onSendError: (error: unknown) => void;
}

interface VerificationRow {
  id: string;
  user_id: string;
  phone_number: string;
  code_hash: string;
  attempts_left: number;
  sent_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

const ttlSeconds = profileLimits.phoneCodeTtlMinutes * 60;
const resendSeconds = profileLimits.phoneResendSeconds;
const hourSeconds = 3600;

/** E.164 digits without "+": a 10-digit number is North American (Puerto Rico), so it gets the 1. */
export function normalizePhone(typed: string): string {
  const digits = phoneDigits(typed);
  return digits.length === 10 ? `1${digits}` : digits;
}

function secondsUntil(moment: Date, now: Date): number {
  return Math.max(1, Math.ceil((moment.getTime() - now.getTime()) / 1000));
}

function resendAt(row: Pick<VerificationRow, 'sent_at'>): Date {
  return new Date(row.sent_at.getTime() + resendSeconds * 1000);
}

/** Sends a new code to the number. Answers what the screen needs for its countdowns. */
export async function sendVerification(env: PhoneEnv, userId: string, typedNumber: string) {
  const phoneNumber = normalizePhone(typedNumber);
  const owner = await env.db('profiles').where({ phone_number: phoneNumber }).whereNot({ id: userId }).first('id');
  if (owner) throw new AppError('phone_already_registered', 'Phone number already registered to another account');

  const code = newCode();
  const verificationId = await env.db.transaction(async (trx) => {
    // One statement decides the resend wait, so two requests at once cannot both send.
    const { rows } = await trx.raw<{ rows: { id: string }[] }>(
      `INSERT INTO phone_verifications (user_id, phone_number, code_hash, attempts_left, sent_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET
         phone_number = EXCLUDED.phone_number, code_hash = EXCLUDED.code_hash, attempts_left = EXCLUDED.attempts_left,
         sent_at = EXCLUDED.sent_at, expires_at = EXCLUDED.expires_at, used_at = NULL
       WHERE phone_verifications.sent_at <= ? OR phone_verifications.sent_at > ?
       RETURNING id`,
      [
        userId,
        phoneNumber,
        hashCode(env.secret, { userId, phoneNumber }, code),
        profileLimits.phoneCodeAttempts,
        env.now,
        new Date(env.now.getTime() + ttlSeconds * 1000),
        new Date(env.now.getTime() - resendSeconds * 1000),
        // A code "sent in the future" means the dev clock was set back: it holds no wait.
        env.now,
      ],
    );
    if (!rows[0]) {
      const current = await trx('phone_verifications').where({ user_id: userId }).first<Pick<VerificationRow, 'sent_at'>>('sent_at');
      const wait = current ? secondsUntil(resendAt(current), env.now) : resendSeconds;
      throw new AppError('rate_limited', 'Wait before asking for another code', { headers: { 'Retry-After': String(wait) } });
    }
    // Counted in the same transaction: a refused send counts nothing, and concurrent sends to
    // one number queue on its counter row. Counters are shared by every api process.
    for (const key of [`phone-send:number:${phoneNumber}`, `phone-send:user:${userId}`]) {
      const counted = await hit(trx, key, profileLimits.phoneSendsPerHour, hourSeconds);
      if (!counted.allowed) {
        throw new AppError('too_many_attempts', 'Too many codes sent this hour', {
          headers: { 'Retry-After': String(counted.retryAfterSeconds) },
        });
      }
    }
    return rows[0].id;
  });

  try {
    const body = await composeSms(env.localesDir, await languageOf(env.db, userId), 'verification_code', {
      code,
      minutes: profileLimits.phoneCodeTtlMinutes,
    });
    await env.sms.send({ to: `+${phoneNumber}`, body });
  } catch (error) {
    env.onSendError(error);
    // A code nobody received must not hold the resend wait: the person can try again at once.
    await env.db('phone_verifications').where({ id: verificationId }).delete();
    throw new AppError('phone_send_failed', 'The code could not be sent');
  }
  return {
    phone_number: phoneNumber,
    expires_in: ttlSeconds,
    resend_in: resendSeconds,
    attempts: profileLimits.phoneCodeAttempts,
  };
}

async function languageOf(db: Knex, userId: string): Promise<Locale> {
  const profile = await db('profiles').where({ id: userId }).first<{ language: Locale } | undefined>('language');
  return profile?.language ?? defaultLocale;
}

type VerifyOutcome =
  | { kind: 'verified' }
  | { kind: 'expired' }
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'no_attempts'; retryAfter: number }
  | { kind: 'taken' };

/**
 * Checks the code and, when right, makes the number the account's verified phone. The outcome
 * is decided inside the transaction and thrown after it, so a wrong attempt is counted for good.
 */
export async function verifyPhone(env: PhoneEnv, userId: string, typedNumber: string, code: string) {
  const phoneNumber = normalizePhone(typedNumber);
  const outcome = await env.db.transaction(async (trx): Promise<VerifyOutcome> => {
    const row = await trx('phone_verifications').where({ user_id: userId }).forUpdate().first<VerificationRow | undefined>();
    // No code for this number, a used one, or an old one: the person needs a new code.
    if (!row || row.phone_number !== phoneNumber || row.used_at || row.expires_at.getTime() <= env.now.getTime()) {
      return { kind: 'expired' };
    }
    const noAttempts = (): VerifyOutcome => ({ kind: 'no_attempts', retryAfter: secondsUntil(resendAt(row), env.now) });
    if (row.attempts_left <= 0) return noAttempts();
    if (!codeMatches(env.secret, { userId, phoneNumber }, code, row.code_hash)) {
      const attemptsLeft = row.attempts_left - 1;
      await trx('phone_verifications').where({ id: row.id }).update({ attempts_left: attemptsLeft });
      return attemptsLeft > 0 ? { kind: 'wrong', attemptsLeft } : noAttempts();
    }
    // Single use, whatever happens next.
    await trx('phone_verifications').where({ id: row.id }).update({ used_at: env.now });
    try {
      // A savepoint: when another account's verification of this number commits first, the unique
      // index refuses this one and only the savepoint is undone.
      await trx.transaction((savepoint) =>
        savepoint('profiles').where({ id: userId }).update({ phone_number: phoneNumber, phone_verified_at: env.now, updated_at: env.now }),
      );
    } catch (error) {
      if (isUniqueViolation(error, 'profiles_phone_number_unique')) return { kind: 'taken' };
      throw error;
    }
    return { kind: 'verified' };
  });

  switch (outcome.kind) {
    case 'verified':
      return { verified: true as const, phone_number: phoneNumber };
    case 'expired':
      throw new AppError('code_expired', 'The code expired or is no longer valid');
    case 'wrong':
      throw new AppError('invalid_code', 'The code is not correct', { details: { attempts_remaining: String(outcome.attemptsLeft) } });
    case 'no_attempts':
      throw new AppError('no_attempts_left', 'No attempts left for this code', { headers: { 'Retry-After': String(outcome.retryAfter) } });
    case 'taken':
      throw new AppError('phone_taken', 'Another account verified this phone number first');
  }
}

export interface VerificationStatus {
  phone_number: string | null;
  verified: boolean;
  pending: null | { phone_number: string; expires_at: string; resend_at: string; attempts_remaining: number };
}

/** The account's verified number and the code it is waiting on, if any is still usable. */
export async function verificationStatus(db: Knex, userId: string, now: Date): Promise<VerificationStatus> {
  const profile = await db('profiles')
    .where({ id: userId })
    .first<{ phone_number: string | null; phone_verified_at: Date | null } | undefined>('phone_number', 'phone_verified_at');
  const row = await db('phone_verifications')
    .where({ user_id: userId })
    .whereNull('used_at')
    .where('expires_at', '>', now)
    .first<VerificationRow | undefined>();
  return {
    phone_number: profile?.phone_number ?? null,
    verified: Boolean(profile?.phone_number && profile.phone_verified_at),
    pending: row
      ? {
          phone_number: row.phone_number,
          expires_at: row.expires_at.toISOString(),
          resend_at: resendAt(row).toISOString(),
          attempts_remaining: row.attempts_left,
        }
      : null,
  };
}
