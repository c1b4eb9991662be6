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
      description: 'The caller reviews one of their completed jobs with a provider (job_id; without it, their newest completed job with the provider not reviewed yet)',
      notes:
        '403 review_not_allowed without a completed job with this provider (or for a job not completed, with another provider, or of which the caller is the provider); 404 job_not_found for a job that is not the caller\'s; 409 review_already_given for a job already reviewed; 404 provider_not_found.',
      validate: { params: providerIdParams, payload: reviewCreateBody },
      response: { status: { 201: reviewSchema } },
    },
    handler: async ({ params, payload }, request, h) => {
      const review = await createReview(context, params.id, callerOf(request), payload);
      return h.response(review).code(201);
    },
  });
