import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { reviewPageQuery, reviewPageSchema } from '../schemas.ts';
import { reviewsByClient } from '../service.ts';

export const myReviewsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/reviews/my-reviews',
    options: {
      description: "The client's own reviews, newest first, by keyset pages",
      notes: '403 forbidden for a provider account.',
      validate: { query: reviewPageQuery },
      response: { status: { 200: reviewPageSchema } },
    },
    handler: ({ query }, request) => reviewsByClient(context.knex, callerOf(request), query),
  });
