import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { getRoute } from './routes/get.ts';
import { listRoute } from './routes/list.ts';
import { searchRoute } from './routes/search.ts';
import { suggestionsRoute } from './routes/suggestions.ts';
import { trendingRoute } from './routes/trending.ts';
import { registerRoutes } from '../../lib/route.ts';

export const categoriesModule: Plugin<AppContext> = {
  name: 'categories',
  register(server, context) {
    registerRoutes(server, context, ['api', 'categories'], [listRoute, searchRoute, suggestionsRoute, trendingRoute, getRoute]);
  },
};

export { categoryColumns, toCategory, typoThreshold, type CategoryRow } from './service.ts';
export { category, categoryIdParams, idOrSlug, localeQuery } from './schemas.ts';
