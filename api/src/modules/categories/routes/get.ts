import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { getCategory } from '../service.ts';
import { category, categoryIdParams, languageQuery } from '../schemas.ts';

export const getRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/categories/{id}',
    options: {
      auth: false,
      description: 'One category, by id or slug',
      validate: { params: categoryIdParams, query: languageQuery },
      response: { schema: category },
      cache: { expiresIn: 5 * 60 * 1000, privacy: 'public' },
    },
    handler: ({ params, query }) => getCategory(context.knex, params.id, query.locale),
  });
