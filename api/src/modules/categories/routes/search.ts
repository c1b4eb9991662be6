import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { searchCategories } from '../service.ts';
import { categoryList, searchQuery } from '../schemas.ts';

export const searchRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/categories/search',
    options: {
      auth: false,
      description: 'Categories matching a text, accent-insensitive and typo-tolerant, in both languages',
      validate: { query: searchQuery },
      response: { schema: categoryList },
    },
    handler: ({ query }) => searchCategories(context.knex, query),
  });
