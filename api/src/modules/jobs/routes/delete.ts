import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { deleteJob } from '../service/lifecycle.ts';

export const deleteJobRoute = (context: AppContext) =>
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/jobs/{id}',
    options: {
      description: 'A party removes a finished job from their own lists (409 invalid_transition before it is finished); an admin deletes it',
      validate: { params: idParams },
    },
    handler: async ({ params }, request, h) => {
      await deleteJob(context, params.id, callerOf(request));
      return h.response().code(204);
    },
  });
