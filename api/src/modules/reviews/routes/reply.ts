import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { replyBody, reviewIdParams, reviewSchema } from '../schemas.ts';
import { replyToReview } from '../service.ts';

export const replyToReviewRoute = (context: AppContext): ServerRoute => ({
  method: 'PUT',
  path: '/api/v1/reviews/{id}/reply',
  options: {
    tags: ['api', 'reviews'],
    description: "The reviewed provider's one public reply; sending it again edits it",
    notes: '403 forbidden for anyone but the reviewed provider; 404 review_not_found.',
    validate: { params: reviewIdParams, payload: replyBody },
    response: { status: { 200: reviewSchema } },
  },
  handler: (request) => replyToReview(context, (request.params as { id: string }).id, callerOf(request), (request.payload as { text: string }).text),
});
