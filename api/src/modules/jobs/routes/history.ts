import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { jobHistory } from '../service.ts';
import { jobHistory as jobHistorySchema, jobIdParams } from '../schemas.ts';

export const jobHistoryRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/jobs/{id}/history',
  options: {
    tags: ['api', 'jobs'],
    description: 'Every transition of a job (who, when, from, to), oldest first',
    validate: { params: jobIdParams },
    response: { status: { 200: jobHistorySchema } },
  },
  handler: (request) => jobHistory(context, (request.params as { id: string }).id, callerOf(request)),
});
