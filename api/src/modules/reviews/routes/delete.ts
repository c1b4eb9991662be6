import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { deleteReview } from '../service.ts';

export const deleteReviewRoute = (context: AppContext) =>
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/reviews/{id}',
    options: {
      description: 'The author deletes their review',
      notes: '204; 403 forbidden for anyone but the author; 404 review_not_found.',
      validate: { params: idParams },
    },
    handler: async ({ params }, request, h) => {
      await deleteReview(context, params.id, callerOf(request));
      return h.response().code(204);
    },
  });
