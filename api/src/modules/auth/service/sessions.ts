/**
 * Session rules (DESIGN.md §4): sign-in with the 30-second lock and the per-address block,
 * refresh tokens rotated on every use (a reused one ends its whole family), sign-out.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { limits, type Profile } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';
import type { EventBus, SessionEndReason } from '../../../lib/events.ts';
import { announceSessionsEnded } from '../../../lib/live-sessions.ts';
import { endCalendarFeed } from '../../calendar/index.ts';
import { hit, peek } from '../../../lib/rate-limits.ts';
import { ownProfile } from '../../profiles/index.ts';
import { countFailedSignIn, isSuspended, RefreshToken, User, type SessionClient } from '../repository.ts';
import { hashToken, newToken, verifyNothing, verifyPassword } from './secrets.ts';

export interface IssuedSession {
  profile: Profile;
  /** The refresh-token family: access tokens name it, sign-out ends it. */
  sessionId: string;
  refreshToken: string;
  client: SessionClient;
}

const refreshLifetimeMs = limits.refreshTokenDays * 24 * 3600_000;

function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError('too_many_attempts', 'Too many failed sign-in attempts', {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
}

const invalidCredentials = () => new AppError('invalid_credentials', 'Invalid email or password');

async function issueRefreshToken(
  db: Knex,
  session: { userId: string; familyId: string; client: SessionClient; rotatedFrom: string | null },
  now: Date,
): Promise<{ id: string; token: string }> {
  const token = newToken();
  const row = await RefreshToken.query(db).insertAndFetch({
    user_id: session.userId,
    family_id: session.familyId,
    token_hash: hashToken(token),
    client: session.client,
    rotated_from: session.rotatedFrom,
    expires_at: new Date(now.getTime() + refreshLifetimeMs),
    created_at: now,
  });
  return { id: row.id, token };
}

/**
 * Failures of an address that does not belong to an account are counted too (in the rate-limit
 * table), so such an address locks like a real one and the answers cannot tell them apart.
 */
async function failUnknownAccount(db: Knex, email: string, password: string): Promise<never> {
  const key = `signin-unknown:${email}`;
  const lock = await peek(db, key, limits.loginFailuresBeforeLock, limits.loginLockSeconds);
  if (!lock.allowed) throw tooManyAttempts(lock.retryAfterSeconds);
  await verifyNothing(password);
  const counted = await hit(db, key, limits.loginFailuresBeforeLock, limits.loginLockSeconds);
  if (counted.count >= limits.loginFailuresBeforeLock) throw tooManyAttempts(counted.retryAfterSeconds);
  throw invalidCredentials();
}

/** One more failure in a row; the fifth locks the account and starts a fresh count. */
async function failKnownAccount(db: Knex, user: User, now: Date): Promise<never> {
  const lockUntil = new Date(now.getTime() + limits.loginLockSeconds * 1000);
  const threshold = limits.loginFailuresBeforeLock;
  const lockedUntil = await countFailedSignIn(db, user.id, { threshold, lockUntil }, now);
  if (lockedUntil && lockedUntil.getTime() > now.getTime()) {
    throw tooManyAttempts((lockedUntil.getTime() - now.getTime()) / 1000);
  }
  throw invalidCredentials();
}

export async function signIn(
  db: Knex,
  input: { email: string; password: string; client: SessionClient; address: string; addressLimit?: number },
  now: Date,
): Promise<IssuedSession> {
  const addressKey = `signin-failures:${input.address}`;
  const addressLimit = input.addressLimit ?? limits.loginAttemptsPerAddress;
  const address = await peek(db, addressKey, addressLimit, limits.loginAddressWindowSeconds);
  if (!address.allowed) {
    throw new AppError('login_blocked', 'Sign-in from this address is temporarily blocked', {
      headers: { 'Retry-After': String(address.retryAfterSeconds) },
    });
  }
  // Every failure below counts toward this address's block, whichever account it was for.
  const countAddressFailure = () => hit(db, addressKey, addressLimit, limits.loginAddressWindowSeconds);

  try {
    const user = await User.query(db).findOne({ email: input.email });
    if (!user) return await failUnknownAccount(db, input.email, input.password);
    if (user.locked_until && user.locked_until.getTime() > now.getTime()) {
      // Refused even with the right password, and the password is not even checked.
      throw tooManyAttempts((user.locked_until.getTime() - now.getTime()) / 1000);
    }
    if (!(await verifyPassword(user.password_hash, input.password))) return await failKnownAccount(db, user, now);

    if (user.failed_login_count !== 0 || user.locked_until) {
      await User.query(db).findById(user.id).patch({ failed_login_count: 0, locked_until: null, updated_at: now });
    }
    const profile = await ownProfile(db, user.id);
    if (!profile) throw invalidCredentials();
    // Said only after the password was right, so it reveals nothing to a stranger.
    if (!profile.is_email_verified) throw new AppError('email_not_confirmed', 'Email not confirmed');
    if (await isSuspended(db, user.id)) throw new AppError('account_suspended', 'This account is suspended');
    const sessionId = randomUUID();
    const issued = await issueRefreshToken(db, { userId: user.id, familyId: sessionId, client: input.client, rotatedFrom: null }, now);
    return { profile, sessionId, refreshToken: issued.token, client: input.client };
  } catch (error) {
    if (error instanceof AppError && (error.code === 'invalid_credentials' || error.code === 'too_many_attempts')) {
      await countAddressFailure();
    }
    throw error;
  }
}

/**
 * A web session for an account whose address was just verified from the browser that signed up
 * (routes/signup-browser.ts): what sign-in gives, without the password typed a second time. None
 * for a suspended account.
 */
export async function startVerifiedSession(db: Knex, userId: string, now: Date): Promise<IssuedSession | null> {
  const profile = await ownProfile(db, userId);
  if (!profile?.is_email_verified || (await isSuspended(db, userId))) return null;
  const sessionId = randomUUID();
  const issued = await issueRefreshToken(db, { userId, familyId: sessionId, client: 'web', rotatedFrom: null }, now);
  return { profile, sessionId, refreshToken: issued.token, client: 'web' };
}

const refreshTokenInvalid = () => new AppError('refresh_token_invalid', 'Refresh token is invalid, expired or revoked');

/** One session ends: its tokens are refused and its sockets closed in every api process. */
async function revokeFamily(db: Knex, events: EventBus, family: { id: string; userId: string }, reason: SessionEndReason, now: Date): Promise<void> {
  await RefreshToken.query(db).patch({ revoked_at: now }).where({ family_id: family.id }).whereNull('revoked_at');
  await announceSessionsEnded(events, { user_id: family.userId, session_ids: [family.id], reason }, now);
}

/**
 * Every session of the account ends, and its calendar feed with them (password reset, suspension);
 * the caller announces it (announceSessionsEnded, session_ids null) once this commits.
 */
export async function revokeAllSessions(db: Knex, userId: string, now: Date): Promise<void> {
  await RefreshToken.query(db).patch({ revoked_at: now }).where({ user_id: userId }).whereNull('revoked_at');
  await endCalendarFeed(db, userId);
}

/**
 * Trades a refresh token for a new one of the same family. A token already traded or revoked
 * means a copy is in other hands: the whole family ends, and both holders must sign in again.
 */
export async function refreshSession(db: Knex, events: EventBus, token: string, now: Date): Promise<IssuedSession> {
  const found = await RefreshToken.query(db).findOne({ token_hash: hashToken(token) });
  if (!found) throw refreshTokenInvalid();
  // Only the holder of a token the api issued hears why its session ended, so its open tab can say it.
  if (await isSuspended(db, found.user_id)) throw new AppError('account_suspended', 'This account is suspended');
  const outcome = await db.transaction(async (trx) => {
    const current = await RefreshToken.query(trx).findById(found.id).forUpdate();
    if (!current || current.replaced_by || current.revoked_at) return 'reused' as const;
    if (current.expires_at.getTime() <= now.getTime()) return 'expired' as const;
    const next = await issueRefreshToken(
      trx,
      { userId: current.user_id, familyId: current.family_id, client: current.client, rotatedFrom: current.id },
      now,
    );
    await RefreshToken.query(trx).findById(current.id).patch({ replaced_by: next.id });
    return next;
  });
  if (outcome === 'reused') await revokeFamily(db, events, { id: found.family_id, userId: found.user_id }, 'refresh_reused', now);
  if (typeof outcome === 'string') throw refreshTokenInvalid();
  const profile = await ownProfile(db, found.user_id);
  if (!profile) throw refreshTokenInvalid();
  return { profile, sessionId: found.family_id, refreshToken: outcome.token, client: found.client };
}

/**
 * Ends the session of the refresh token (its whole family) and the one the access token names, if
 * it is the same account's; an unknown token is already no session.
 */
export async function signOut(
  db: Knex,
  events: EventBus,
  ended: { token: string | undefined; access?: { userId: string; sessionId: string } },
  now: Date,
): Promise<void> {
  if (ended.token) {
    const found = await RefreshToken.query(db).findOne({ token_hash: hashToken(ended.token) });
    if (found) await revokeFamily(db, events, { id: found.family_id, userId: found.user_id }, 'signed_out', now);
  }
  if (ended.access) {
    const { userId, sessionId } = ended.access;
    const family = await RefreshToken.query(db).where({ family_id: sessionId, user_id: userId }).first();
    if (family) await revokeFamily(db, events, { id: sessionId, userId }, 'signed_out', now);
  }
}
