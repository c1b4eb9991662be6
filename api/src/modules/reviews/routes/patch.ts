import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { reviewPatchBody, reviewSchema } from '../schemas.ts';
import { updateReview } from '../service.ts';

export const patchReviewRoute = (context: AppContext) =>
  defineRoute({
    method: 'PATCH',
    path: '/api/v1/reviews/{id}',
    options: {
      description: 'The author changes the rating or the comment of their review',
      notes: '403 forbidden for anyone but the author; 404 review_not_found.',
      validate: { params: idParams, payload: reviewPatchBody },
      response: { status: { 200: reviewSchema } },
    },
    handler: ({ params, payload }, request) => updateReview(context, params.id, callerOf(request), payload),
  });
