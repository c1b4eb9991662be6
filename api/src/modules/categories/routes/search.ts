import type { ServerRoute } from '@hapi/hapi';
import type { Locale } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { searchCategories } from '../service.ts';
import { categoryList, searchQuery } from '../schemas.ts';

export const searchRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/categories/search',
  options: {
    auth: false,
    tags: ['api', 'categories'],
    description: 'Categories matching a text, accent-insensitive and typo-tolerant, in both languages',
    validate: { query: searchQuery },
    response: { schema: categoryList },
  },
  handler: (request) => searchCategories(context.knex, request.query as { q: string; limit: number; offset: number; locale: Locale }),
});
