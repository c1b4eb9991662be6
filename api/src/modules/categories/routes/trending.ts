import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { Locale } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { trendingCategories } from '../service.ts';
import { category, localeQuery } from '../schemas.ts';

const trendingCategory = category.keys({ bookings: Joi.number().integer().min(0) }).label('TrendingCategory');

export const trendingRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/categories/trending',
  options: {
    auth: false,
    tags: ['api', 'categories'],
    description: 'The most booked categories of the last days (default 30), topped up with the flagged ones',
    validate: {
      query: Joi.object({
        days: Joi.number().integer().min(1).max(365).default(30),
        limit: Joi.number().integer().min(1).max(50).default(8),
        locale: localeQuery,
      }),
    },
    response: { schema: Joi.object({ items: Joi.array().items(trendingCategory) }).label('TrendingCategories') },
  },
  handler: (request) =>
    trendingCategories(context.knex, request.query as { days: number; limit: number; locale: Locale }, context.clock.now()),
});
