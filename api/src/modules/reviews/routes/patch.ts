import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import type { ReviewInput } from '@resuelve/contract';
import { reviewIdParams, reviewPatchBody, reviewSchema } from '../schemas.ts';
import { updateReview } from '../service.ts';

export const patchReviewRoute = (context: AppContext): ServerRoute => ({
  method: 'PATCH',
  path: '/api/v1/reviews/{id}',
  options: {
    tags: ['api', 'reviews'],
    description: 'The author changes the rating or the comment of their review',
    notes: '403 forbidden for anyone but the author; 404 review_not_found.',
    validate: { params: reviewIdParams, payload: reviewPatchBody },
    response: { status: { 200: reviewSchema } },
  },
  handler: (request) => updateReview(context, (request.params as { id: string }).id, callerOf(request), request.payload as Partial<ReviewInput>),
});
