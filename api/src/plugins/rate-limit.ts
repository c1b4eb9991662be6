/**
 * Fixed-window rate limits counted in PostgreSQL, so every api process shares them (DESIGN.md §11).
 * All of /api/v1 is limited per address; a route can add a stricter bucket with
 * `options.plugins.rateLimit = { bucket, limit, windowSeconds, by: 'ip' | 'user' }`.
 */
import type { Plugin, Request } from '@hapi/hapi';
import type { Knex } from 'knex';
import { AppError } from '../lib/errors.ts';

export interface RateLimitRule {
  bucket: string;
  limit: number;
  windowSeconds: number;
  by?: 'ip' | 'user';
}

declare module '@hapi/hapi' {
  interface PluginSpecificConfiguration {
    rateLimit?: RateLimitRule;
  }
}

export interface HitResult {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

function windowAt(now: number, windowSeconds: number): { windowStart: Date; expiresAt: Date } {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  return { windowStart, expiresAt: new Date(windowStart.getTime() + windowMs) };
}

/** Counts one hit on `key` in the current window and says whether it is within `limit`. */
export async function hit(knex: Knex, key: string, limit: number, windowSeconds: number): Promise<HitResult> {
  const now = Date.now();
  const { windowStart, expiresAt } = windowAt(now, windowSeconds);
  const { rows } = await knex.raw<{ rows: { count: number }[] }>(
    `INSERT INTO rate_limits (key, window_start, count, expires_at) VALUES (?, ?, 1, ?)
     ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1
     RETURNING count`,
    [key, windowStart, expiresAt],
  );
  const count = rows[0]?.count ?? 1;
  // Old windows are swept now and then rather than by a separate job.
  if (Math.random() < 0.01) await knex('rate_limits').where('expires_at', '<', new Date(now)).delete();
  return {
    allowed: count <= limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((expiresAt.getTime() - now) / 1000)),
  };
}

/** Whether `key` is still within `limit` in the current window, without counting a hit. */
export async function peek(knex: Knex, key: string, limit: number, windowSeconds: number): Promise<HitResult> {
  const now = Date.now();
  const { windowStart, expiresAt } = windowAt(now, windowSeconds);
  const row = await knex('rate_limits').where({ key, window_start: windowStart }).first('count');
  const count = Number(row?.count ?? 0);
  return {
    allowed: count < limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((expiresAt.getTime() - now) / 1000)),
  };
}

export function clientAddress(request: Request): string {
  return request.info.remoteAddress || 'unknown';
}

export async function enforce(knex: Knex, key: string, rule: RateLimitRule): Promise<void> {
  const result = await hit(knex, `${rule.bucket}:${key}`, rule.limit, rule.windowSeconds);
  if (!result.allowed) {
    throw new AppError('rate_limited', 'Too many requests', {
      headers: { 'Retry-After': String(result.retryAfterSeconds) },
    });
  }
}

export const rateLimitPlugin: Plugin<{ knex: Knex; perMinute: number; scale?: number }> = {
  name: 'rate-limit',
  register(server, { knex, perMinute, scale = 1 }) {
    server.ext('onPreAuth', async (request, h) => {
      if (!request.path.startsWith('/api/v1/') || request.path === '/api/v1/health') return h.continue;
      await enforce(knex, clientAddress(request), { bucket: 'api', limit: perMinute, windowSeconds: 60 });
      return h.continue;
    });
    server.ext('onPostAuth', async (request, h) => {
      const rule = request.route.settings.plugins?.rateLimit;
      if (!rule) return h.continue;
      const credentials = request.auth.credentials as { userId?: string } | null;
      const subject = rule.by === 'user' && credentials?.userId ? `u:${credentials.userId}` : clientAddress(request);
      await enforce(knex, subject, { ...rule, limit: rule.limit * scale });
      return h.continue;
    });
  },
};
