import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { actOnJob } from '../service/lifecycle.ts';
import { jobPatchBody, jobSchema } from '../schemas.ts';

export const patchJobRoute = (context: AppContext) =>
  defineRoute({
    method: 'PATCH',
    path: '/api/v1/jobs/{id}',
    options: {
      description: 'One lifecycle action: accept, decline, propose_schedule, accept_schedule, request_modification, keep_schedule, cancel, accept_continuation, decline_continuation',
      notes: '403 forbidden when the caller is not the party the action belongs to; 409 invalid_transition when the status forbids it; 409 slot_already_booked when a new time overlaps.',
      validate: { params: idParams, payload: jobPatchBody },
      response: { status: { 200: jobSchema } },
    },
    handler: ({ params, payload }, request) => actOnJob(context, params.id, callerOf(request), payload),
  });
