import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { jobForUser } from '../service.ts';
import { jobIdParams, jobSchema } from '../schemas.ts';

export const getJobRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/jobs/{id}',
  options: {
    tags: ['api', 'jobs'],
    description: 'One job with the actions the caller may take now (allowed_actions)',
    notes: '404 job_not_found for anyone but its client, its provider or an admin.',
    validate: { params: jobIdParams },
    response: { status: { 200: jobSchema } },
  },
  handler: (request) => jobForUser(context.knex, (request.params as { id: string }).id, callerOf(request), context.clock.now()),
});
