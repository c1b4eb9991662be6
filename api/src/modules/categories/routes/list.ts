import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { listCategories } from '../service.ts';
import { categoryList, languageQuery } from '../schemas.ts';

export const listRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/categories',
    options: {
      auth: false,
      description: 'All service categories, named in the requested language',
      validate: { query: languageQuery },
      response: { schema: categoryList },
      cache: { expiresIn: 5 * 60 * 1000, privacy: 'public' },
    },
    handler: ({ query }) => listCategories(context.knex, query.locale),
  });
