import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { providerIdParams } from '../../providers/index.ts';
import { reviewSchema } from '../schemas.ts';
import { myReviewOf } from '../service.ts';

export const myReviewRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/{id}/reviews/my-review',
    options: {
      description: "The caller's latest review of this provider (a client may review each job with them)",
      notes: '404 review_not_found when there is none.',
      validate: { params: providerIdParams },
      response: { status: { 200: reviewSchema } },
    },
    handler: ({ params }, request) => myReviewOf(context.knex, params.id, callerOf(request)),
  });
