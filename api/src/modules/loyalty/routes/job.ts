import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { jobLoyaltySchema } from '../schemas.ts';
import { jobLoyalty } from '../service.ts';

export const jobLoyaltyRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/loyalty/jobs/{id}',
    options: {
      description: "The job's client tier and the provider's reward, and whether it applies to this client",
      notes: 'For the two parties of the job; anyone else gets 404 job_not_found, as for the job itself.',
      validate: { params: idParams },
      response: { status: { 200: jobLoyaltySchema } },
    },
    handler: ({ params }, request) => jobLoyalty(context.knex, params.id, callerOf(request), context.clock.now()),
  });
