import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { trendingCategories } from '../service.ts';
import { trendingList, trendingQuery } from '../schemas.ts';

export const trendingRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/categories/trending',
    options: {
      auth: false,
      description: 'The most booked categories of the last days (default 30), topped up with the flagged ones',
      validate: { query: trendingQuery },
      response: { schema: trendingList },
    },
    handler: ({ query }) => trendingCategories(context.knex, query, context.clock.now()),
  });
