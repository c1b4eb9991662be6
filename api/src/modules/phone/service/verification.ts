/**
 * Phone verification rules (SPEC.md §4, §8): a 6-digit code by SMS, valid 10 minutes, 5 attempts,
 * a new code after 60 seconds, at most 5 sends an hour per number and per account. A verified
 * number belongs to one account: the unique index on profiles.phone_number settles the race of two
 * accounts verifying it at the same moment (`phone_taken`).
 */
import type { Knex } from 'knex';
import { phoneDigits, profileLimits } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';
import type { SmsSender } from '../../../lib/senders.ts';
import { hit } from '../../../lib/rate-limits.ts';
import { isUniqueViolation } from '../../../lib/pg-errors.ts';
import { languageOf } from '../../profiles/index.ts';
import { recordSmsConsent } from '../../sms/index.ts';
import {
  deleteVerification,
  lockVerification,
  markCodeUsed,
  numberOwnedByOther,
  phoneOfAccount,
  setAttemptsLeft,
  setVerifiedPhone,
  storeCodeUnlessWaiting,
  usableCode,
  verificationOf,
  type VerificationRow,
} from '../repository.ts';
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
  if (await numberOwnedByOther(env.db, phoneNumber, userId)) throw new AppError('phone_already_registered', 'Phone number already registered to another account');

  const code = newCode();
  const verificationId = await env.db.transaction(async (trx) => {
    // One statement decides the resend wait, so two requests at once cannot both send.
    const id = await storeCodeUnlessWaiting(
      trx,
      {
        userId,
        phoneNumber,
        codeHash: hashCode(env.secret, { userId, phoneNumber }, code),
        attempts: profileLimits.phoneCodeAttempts,
        sentAt: env.now,
        expiresAt: new Date(env.now.getTime() + ttlSeconds * 1000),
      },
      new Date(env.now.getTime() - resendSeconds * 1000),
    );
    if (!id) {
      const current = await verificationOf(trx, userId);
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
    return id;
  });

  try {
    const body = await composeSms(env.localesDir, await languageOf(env.db, userId), 'verification_code', {
      code,
      minutes: profileLimits.phoneCodeTtlMinutes,
    });
    // Asked for just now: sent even to a number that texted STOP (lib/sms-stops.ts).
    await env.sms.send({ to: `+${phoneNumber}`, body, requested: true });
  } catch (error) {
    env.onSendError(error);
    // A code nobody received must not hold the resend wait: the person can try again at once.
    await deleteVerification(env.db, verificationId);
    throw new AppError('phone_send_failed', 'The code could not be sent');
  }
  return {
    phone_number: phoneNumber,
    expires_in: ttlSeconds,
    resend_in: resendSeconds,
    attempts: profileLimits.phoneCodeAttempts,
  };
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
    const row = await lockVerification(trx, userId);
    // No code for this number, a used one, or an old one: the person needs a new code.
    if (!row || row.phone_number !== phoneNumber || row.used_at || row.expires_at.getTime() <= env.now.getTime()) {
      return { kind: 'expired' };
    }
    const noAttempts = (): VerifyOutcome => ({ kind: 'no_attempts', retryAfter: secondsUntil(resendAt(row), env.now) });
    if (row.attempts_left <= 0) return noAttempts();
    if (!codeMatches(env.secret, { userId, phoneNumber }, code, row.code_hash)) {
      const attemptsLeft = row.attempts_left - 1;
      await setAttemptsLeft(trx, row.id, attemptsLeft);
      return attemptsLeft > 0 ? { kind: 'wrong', attemptsLeft } : noAttempts();
    }
    // Single use, whatever happens next.
    await markCodeUsed(trx, row.id, env.now);
    try {
      // A savepoint: when another account's verification of this number commits first, the unique
      // index refuses this one and only the savepoint is undone.
      await trx.transaction(async (savepoint) => {
        await setVerifiedPhone(savepoint, userId, phoneNumber, env.now);
        // The statement shown beside the code is the consent to texts (decision 0056).
        await recordSmsConsent(savepoint, env.localesDir, userId, phoneNumber, await languageOf(savepoint, userId), env.now);
      });
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
  const profile = await phoneOfAccount(db, userId);
  const row = await usableCode(db, userId, now);
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
