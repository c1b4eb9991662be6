/**
 * The sending limits of SPEC.md §9: 20 messages an hour and 50 a day per sender, across all their
 * conversations. They are business rules, counted from the sender's stored messages (deleted ones
 * too; automatic replies never) over the last hour and the last 24 hours by the app's clock, so
 * RATE_LIMIT_SCALE has nothing to do with them. A sender's sends are serialized by an advisory
 * lock (senderLockSql, taken with the conversation's) while they count, so two at once can not
 * both take the last place.
 */
import type { Knex } from 'knex';
import { messageLimits, type MessageAllowance } from '@resuelve/contract';
import { AppError } from '../../../lib/errors.ts';

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/** The sender's typed messages of the last 24 hours, newest first (at most the daily limit). */
async function recentSends(db: Knex | Knex.Transaction, senderId: string, now: Date): Promise<Date[]> {
  const rows: { created_at: Date }[] = await db('messages')
    .where({ sender_id: senderId, automatic: false })
    .where('created_at', '>', new Date(now.getTime() - dayMs))
    .orderBy('created_at', 'desc')
    .limit(messageLimits.perDay)
    .select('created_at');
  return rows.map((row) => row.created_at);
}

export function allowanceOf(sends: Date[], now: Date): MessageAllowance {
  const hourUsed = sends.filter((at) => at.getTime() > now.getTime() - hourMs).length;
  const dayUsed = sends.length;
  // A place frees up when the oldest send that keeps a window full leaves it.
  const waits: number[] = [];
  if (hourUsed >= messageLimits.perHour) waits.push(sends[messageLimits.perHour - 1]!.getTime() + hourMs);
  if (dayUsed >= messageLimits.perDay) waits.push(sends[messageLimits.perDay - 1]!.getTime() + dayMs);
  return {
    hour_used: Math.min(hourUsed, messageLimits.perHour),
    hour_limit: messageLimits.perHour,
    day_used: Math.min(dayUsed, messageLimits.perDay),
    day_limit: messageLimits.perDay,
    retry_at: waits.length ? new Date(Math.max(...waits)).toISOString() : null,
  };
}

/** GET /messages/limits: how many the caller has sent in each window. */
export async function allowanceFor(db: Knex, senderId: string, now: Date): Promise<MessageAllowance> {
  return allowanceOf(await recentSends(db, senderId, now), now);
}

/**
 * SQL (one `?`, bound to `senderLockKey`) taking the sender's transaction lock: their sends take
 * turns between it and commit, so two at once can not both count the last free place.
 */
export const senderLockSql = 'pg_advisory_xact_lock(hashtextextended(?, 0)) AS sender_locked';

export const senderLockKey = (senderId: string) => `messages:${senderId}`;

/**
 * In the sending transaction, holding the sender's lock, in a statement begun after it was taken:
 * 429 message_limit_reached with Retry-After when a window is full.
 */
export async function checkSendingLimits(trx: Knex.Transaction, senderId: string, now: Date): Promise<void> {
  const allowance = allowanceOf(await recentSends(trx, senderId, now), now);
  if (allowance.retry_at) {
    const seconds = Math.max(1, Math.ceil((Date.parse(allowance.retry_at) - now.getTime()) / 1000));
    throw new AppError('message_limit_reached', 'Message limit reached', {
      headers: { 'Retry-After': String(seconds) },
      details: { retry_at: allowance.retry_at },
    });
  }
}
