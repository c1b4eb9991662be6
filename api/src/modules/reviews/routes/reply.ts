import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { replyBody, reviewSchema } from '../schemas.ts';
import { replyToReview } from '../service.ts';

export const replyToReviewRoute = (context: AppContext) =>
  defineRoute({
    method: 'PUT',
    path: '/api/v1/reviews/{id}/reply',
    options: {
      description: "The reviewed provider's one public reply; sending it again edits it",
      notes: '403 forbidden for anyone but the reviewed provider; 404 review_not_found.',
      validate: { params: idParams, payload: replyBody },
      response: { status: { 200: reviewSchema } },
    },
    handler: ({ params, payload }, request) => replyToReview(context, params.id, callerOf(request), payload.text),
  });
