import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { reviewIdParams } from '../schemas.ts';
import { deleteReview } from '../service.ts';

export const deleteReviewRoute = (context: AppContext): ServerRoute => ({
  method: 'DELETE',
  path: '/api/v1/reviews/{id}',
  options: {
    tags: ['api', 'reviews'],
    description: 'The author deletes their review',
    notes: '204; 403 forbidden for anyone but the author; 404 review_not_found.',
    validate: { params: reviewIdParams },
  },
  handler: async (request, h) => {
    await deleteReview(context, (request.params as { id: string }).id, callerOf(request));
    return h.response().code(204);
  },
});
