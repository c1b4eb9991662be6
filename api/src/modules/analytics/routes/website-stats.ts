import { websiteStatsCacheSeconds } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { adminCaller } from '../../../lib/admin-guard.ts';
import { defineRoute } from '../../../lib/route.ts';
import { websiteStatsQuery, websiteStatsSchema } from '../schemas.ts';
import type { WebsiteStatsCache } from '../service.ts';

export const websiteStatsRoute = (cache: WebsiteStatsCache) => (_context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/analytics/website-stats',
    options: {
      auth: { mode: 'optional' },
      description: 'The figures the landing page shows: providers listed, clients, jobs completed, average rating, municipalities served, top categories',
      notes: `Kept ${websiteStatsCacheSeconds} s by the server and by caches (Cache-Control public). refresh=true counts again now: admins only (401 without a session, 403 for anyone else).`,
      validate: { query: websiteStatsQuery },
      response: { status: { 200: websiteStatsSchema } },
    },
    handler: async ({ query }, request, h) => {
      // Counting again at once is an admin's: 401 without a session, 403 for anyone else.
      if (query.refresh) adminCaller(request);
      const stats = await cache.get(query.refresh);
      return h.response(stats).header('Cache-Control', query.refresh ? 'no-store' : `public, max-age=${websiteStatsCacheSeconds}`);
    },
  });
