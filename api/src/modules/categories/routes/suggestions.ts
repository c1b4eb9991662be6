import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { Locale } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { suggestCategories } from '../service.ts';
import { category, suggestionsQuery } from '../schemas.ts';

export const suggestionsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/categories/suggestions',
  options: {
    auth: false,
    tags: ['api', 'categories'],
    description: 'Up to `limit` (default 5) categories for the selector; empty under 2 characters',
    validate: { query: suggestionsQuery },
    response: { schema: Joi.object({ items: Joi.array().items(category) }) },
  },
  handler: async (request) => ({
    items: await suggestCategories(context.knex, request.query as { q: string; limit: number; locale: Locale }),
  }),
});
