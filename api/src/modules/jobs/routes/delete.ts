import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { deleteJob } from '../service.ts';
import { jobIdParams } from '../schemas.ts';

export const deleteJobRoute = (context: AppContext): ServerRoute => ({
  method: 'DELETE',
  path: '/api/v1/jobs/{id}',
  options: {
    tags: ['api', 'jobs'],
    description: "A party removes a finished job from their own lists (409 invalid_transition before it is finished); an admin deletes it",
    validate: { params: jobIdParams },
  },
  handler: async (request, h) => {
    await deleteJob(context, (request.params as { id: string }).id, callerOf(request));
    return h.response().code(204);
  },
});
