import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { listCategoryProviders } from '../service/search.ts';
import { categoryProviders, categoryProvidersParams, categoryProvidersQuery } from '../schemas.ts';

export const categoryProvidersRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/categories/{id}/providers',
    options: {
      auth: false,
      tags: ['api', 'categories'],
      description: 'Onboarded providers of a category (id or slug), best rated first',
      validate: { params: categoryProvidersParams, query: categoryProvidersQuery },
      response: { schema: categoryProviders },
    },
    handler: ({ params, query }) => listCategoryProviders(context.knex, params.id, query, context.clock.now(), context.storage),
  });
