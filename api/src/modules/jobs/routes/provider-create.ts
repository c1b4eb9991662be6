import type { ServerRoute } from '@hapi/hapi';
import type { NewProviderJob } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { createJobForClient } from '../booking.ts';
import { jobSchema, newProviderJobBody } from '../schemas.ts';

export const providerCreateJobRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/jobs/provider-create',
  options: {
    tags: ['api', 'jobs'],
    description: 'A provider schedules a job for a client they already have a job with; it starts upcoming',
    notes: 'The same schedule checks as a booking. 404 not_found for a client without a link to the provider; 403 for a non-provider.',
    validate: { payload: newProviderJobBody },
    response: { status: { 201: jobSchema } },
  },
  handler: async (request, h) => h.response(await createJobForClient(context, callerOf(request), request.payload as NewProviderJob)).code(201),
});
