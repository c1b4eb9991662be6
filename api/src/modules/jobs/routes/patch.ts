import type { ServerRoute } from '@hapi/hapi';
import type { JobPatch } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { actOnJob } from '../service.ts';
import { jobIdParams, jobPatchBody, jobSchema } from '../schemas.ts';

export const patchJobRoute = (context: AppContext): ServerRoute => ({
  method: 'PATCH',
  path: '/api/v1/jobs/{id}',
  options: {
    tags: ['api', 'jobs'],
    description: 'One lifecycle action: accept, decline, propose_schedule, accept_schedule, request_modification, keep_schedule, cancel, accept_continuation, decline_continuation',
    notes: '403 forbidden when the caller is not the party the action belongs to; 409 invalid_transition when the status forbids it; 409 slot_already_booked when a new time overlaps.',
    validate: { params: jobIdParams, payload: jobPatchBody },
    response: { status: { 200: jobSchema } },
  },
  handler: (request) => actOnJob(context, (request.params as { id: string }).id, callerOf(request), request.payload as JobPatch),
});
