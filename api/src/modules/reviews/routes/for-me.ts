import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { reviewPageQuery, reviewPageSchema } from '../schemas.ts';
import { reviewsForProvider } from '../service.ts';

export const reviewsForMeRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/reviews/for-me',
    options: {
      description: "The calling provider's reviews with their replies, newest first, by keyset pages",
      notes: '403 forbidden for anyone but a provider.',
      validate: { query: reviewPageQuery },
      response: { status: { 200: reviewPageSchema } },
    },
    handler: ({ query }, request) => reviewsForProvider(context.knex, callerOf(request), query),
  });
