import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { jobSessions } from '../service.ts';
import { jobIdParams, jobItems } from '../schemas.ts';

export const jobSessionsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/jobs/{id}/sessions',
  options: {
    tags: ['api', 'jobs'],
    description: 'The first job of a series and its continuation sessions, in session order',
    validate: { params: jobIdParams },
    response: { status: { 200: jobItems } },
  },
  handler: (request) => jobSessions(context, (request.params as { id: string }).id, callerOf(request)),
});
