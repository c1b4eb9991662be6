/**
 * Fixed-window counters in PostgreSQL (the unlogged `rate_limits` table), so every api process
 * shares them (DESIGN.md §11). The rate-limit plugin counts requests with them; a service counts a
 * business rule (sign-in failures, mail per address, SMS codes, messages per hour and per day)
 * with `hit`. A rule's limit is the product's number: only the plugin's own abuse limits are scaled
 * by RATE_LIMIT_SCALE.
 */
import type { Knex } from 'knex';
import { AppError } from './errors.ts';

export interface HitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends and the count starts again (at least 1). */
  retryAfterSeconds: number;
}

function windowAt(now: number, windowSeconds: number): { windowStart: Date; expiresAt: Date } {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  return { windowStart, expiresAt: new Date(windowStart.getTime() + windowMs) };
}

const secondsLeft = (expiresAt: Date, now: number) => Math.max(1, Math.ceil((expiresAt.getTime() - now) / 1000));

/** Counts one hit on `key` in the current window and says whether it is within `limit`. */
export async function hit(db: Knex, key: string, limit: number, windowSeconds: number): Promise<HitResult> {
  const now = Date.now();
  const { windowStart, expiresAt } = windowAt(now, windowSeconds);
  const { rows } = await db.raw<{ rows: { count: number }[] }>(
    `INSERT INTO rate_limits (key, window_start, count, expires_at) VALUES (?, ?, 1, ?)
     ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1
     RETURNING count`,
    [key, windowStart, expiresAt],
  );
  const count = rows[0]?.count ?? 1;
  // Old windows are swept now and then rather than by a separate job.
  if (Math.random() < 0.01) await db('rate_limits').where('expires_at', '<', new Date(now)).delete();
  return { allowed: count <= limit, count, retryAfterSeconds: secondsLeft(expiresAt, now) };
}

/** Whether `key` is still within `limit` in the current window, without counting a hit. */
export async function peek(db: Knex, key: string, limit: number, windowSeconds: number): Promise<HitResult> {
  const now = Date.now();
  const { windowStart, expiresAt } = windowAt(now, windowSeconds);
  const row = await db('rate_limits').where({ key, window_start: windowStart }).first('count');
  const count = Number(row?.count ?? 0);
  return { allowed: count < limit, count, retryAfterSeconds: secondsLeft(expiresAt, now) };
}

/** 429 rate_limited with Retry-After, for a count that went over its limit. */
export function rateLimited(result: Pick<HitResult, 'retryAfterSeconds'>): AppError {
  return new AppError('rate_limited', 'Too many requests', { headers: { 'Retry-After': String(result.retryAfterSeconds) } });
}

/** Counts one hit on `key` and refuses with 429 rate_limited once it is over `limit`. */
export async function enforce(db: Knex, key: string, limit: number, windowSeconds: number): Promise<void> {
  const result = await hit(db, key, limit, windowSeconds);
  if (!result.allowed) throw rateLimited(result);
}
