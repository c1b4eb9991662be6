/**
 * Request rate limits, counted in PostgreSQL (lib/rate-limits.ts) so every api process shares them.
 * All of /api/v1 is limited per address; a route can add a stricter bucket with
 * `options.plugins.rateLimit = { bucket, limit, windowSeconds, by: 'ip' | 'user' }`. These limits
 * guard against abuse, so RATE_LIMIT_SCALE multiplies them (browser journeys sign up many people
 * from one address); the product's own rules count with lib/rate-limits.ts unscaled.
 * The whole-api limit is counted in memory and written in batches (lib/batched-counter.ts), so the
 * hot routes (search, profiles, galleries, sending a message) cost no database write for it.
 */
import type { Plugin } from '@hapi/hapi';
import type { Knex } from 'knex';
import { clientAddress } from '../lib/caller.ts';
import { createBatchedCounter } from '../lib/batched-counter.ts';
import { enforce, rateLimited } from '../lib/rate-limits.ts';

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

export const rateLimitPlugin: Plugin<{ knex: Knex; perMinute: number; scale?: number; flushMs?: number }> = {
  name: 'rate-limit',
  register(server, { knex, perMinute, scale = 1, flushMs }) {
    const counter = createBatchedCounter(knex, {
      flushMs,
      onError: (error) => server.log(['warn', 'rate-limit'], { message: 'could not write the request counts', error }),
    });
    server.ext('onPreAuth', (request, h) => {
      if (!request.path.startsWith('/api/v1/') || request.path === '/api/v1/health') return h.continue;
      const result = counter.hit(`api:${clientAddress(request)}`, perMinute, 60);
      if (!result.allowed) throw rateLimited(result);
      return h.continue;
    });
    server.ext('onPostStop', () => counter.stop());
    server.ext('onPostAuth', async (request, h) => {
      const rule = request.route.settings.plugins?.rateLimit;
      if (!rule) return h.continue;
      const credentials = request.auth.credentials as { userId?: string } | null;
      const subject = rule.by === 'user' && credentials?.userId ? `u:${credentials.userId}` : clientAddress(request);
      await enforce(knex, `${rule.bucket}:${subject}`, rule.limit * scale, rule.windowSeconds);
      return h.continue;
    });
  },
};
