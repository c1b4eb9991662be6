import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { jobForUser } from '../service/lifecycle.ts';
import { jobSchema } from '../schemas.ts';

export const getJobRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/jobs/{id}',
    options: {
      description: 'One job with the actions the caller may take now (allowed_actions)',
      notes: '404 job_not_found for anyone but its client, its provider or an admin.',
      validate: { params: idParams },
      response: { status: { 200: jobSchema } },
    },
    handler: ({ params }, request) => jobForUser(context.knex, params.id, callerOf(request), context.clock.now()),
  });
