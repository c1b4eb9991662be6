import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { createJobForClient } from '../service/booking.ts';
import { jobSchema, newProviderJobBody } from '../schemas.ts';

export const providerCreateJobRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/jobs/provider-create',
    options: {
      description: 'A provider schedules a job for a client they already have a job with; it starts upcoming',
      notes: 'The same schedule checks as a booking. 404 not_found for a client without a link to the provider; 403 for a non-provider.',
      validate: { payload: newProviderJobBody },
      response: { status: { 201: jobSchema } },
    },
    handler: async ({ payload }, request, h) => h.response(await createJobForClient(context, callerOf(request), payload)).code(201),
  });
