import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { reviewPageQuery, reviewPageSchema } from '../schemas.ts';
import { reviewsByClient } from '../service.ts';

export const myReviewsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/reviews/my-reviews',
  options: {
    tags: ['api', 'reviews'],
    description: "The client's own reviews, newest first, by keyset pages",
    notes: '403 forbidden for a provider account.',
    validate: { query: reviewPageQuery },
    response: { status: { 200: reviewPageSchema } },
  },
  handler: (request) => reviewsByClient(context.knex, callerOf(request), request.query as { limit: number; cursor?: string }),
});
