import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { websiteStatsCacheSeconds } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { AppError, forbidden } from '../../../lib/errors.ts';
import type { WebsiteStatsCache } from '../service.ts';

const statsSchema = Joi.object({
  providers: Joi.number().integer().required(),
  clients: Joi.number().integer().required(),
  completed_jobs: Joi.number().integer().required(),
  average_rating: Joi.number().min(0).max(5).required(),
  municipalities_served: Joi.number().integer().required(),
  top_categories: Joi.array()
    .items(Joi.object({ slug: Joi.string().required(), providers: Joi.number().integer().required() }))
    .required(),
  computed_at: Joi.string().isoDate().required(),
}).label('WebsiteStats');

export const websiteStatsRoute =
  (cache: WebsiteStatsCache) =>
  (_context: AppContext): ServerRoute => ({
    method: 'GET',
    path: '/api/v1/analytics/website-stats',
    options: {
      auth: { mode: 'optional' },
      tags: ['api', 'analytics'],
      description: 'The figures the landing page shows: providers listed, clients, jobs completed, average rating, municipalities served, top categories',
      notes: `Kept ${websiteStatsCacheSeconds} s by the server and by caches (Cache-Control public). refresh=true counts again now: admins only (401 without a session, 403 for anyone else).`,
      validate: { query: Joi.object({ refresh: Joi.boolean().default(false) }) },
      response: { status: { 200: statsSchema } },
    },
    handler: async (request, h) => {
      const refresh = (request.query as { refresh: boolean }).refresh;
      if (refresh) {
        const user = request.auth.credentials?.user;
        if (!user) throw new AppError('unauthorized', 'Authentication required');
        if (!user.isAdmin) throw forbidden();
      }
      const stats = await cache.get(refresh);
      return h.response(stats).header('Cache-Control', refresh ? 'no-store' : `public, max-age=${websiteStatsCacheSeconds}`);
    },
  });
