/** Site analytics as a hapi plugin: the landing page's figures, with their cache. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { registerRoutes } from '../../lib/route.ts';
import { websiteStatsRoute } from './routes/website-stats.ts';
import { WebsiteStatsCache } from './service.ts';

export const analyticsModule: Plugin<AppContext> = {
  name: 'analytics',
  register(server, context) {
    const cache = new WebsiteStatsCache(context);
    registerRoutes(server, context, ['api', 'analytics'], [websiteStatsRoute(cache)]);
  },
};
