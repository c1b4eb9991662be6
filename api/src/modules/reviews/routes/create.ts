import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { providerIdParams } from '../../providers/index.ts';
import { reviewCreateBody, reviewSchema } from '../schemas.ts';
import { createReview } from '../service.ts';

export const createReviewRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/providers/{id}/reviews',
    options: {
      description: 'The caller reviews a provider they had a completed job with',
      notes: '403 review_not_allowed without a completed job with this provider; 409 review_already_given for a second review; 404 provider_not_found.',
      validate: { params: providerIdParams, payload: reviewCreateBody },
      response: { status: { 201: reviewSchema } },
    },
    handler: async ({ params, payload }, request, h) => {
      const review = await createReview(context, params.id, callerOf(request), payload);
      return h.response(review).code(201);
    },
  });
