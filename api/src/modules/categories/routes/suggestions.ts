import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { suggestCategories } from '../service.ts';
import { suggestionList, suggestionsQuery } from '../schemas.ts';

export const suggestionsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/categories/suggestions',
    options: {
      auth: false,
      description: 'Up to `limit` (default 5) categories for the selector; empty under 2 characters',
      validate: { query: suggestionsQuery },
      response: { schema: suggestionList },
    },
    handler: async ({ query }) => ({ items: await suggestCategories(context.knex, query) }),
  });
