import type { ServerRoute } from '@hapi/hapi';
import type { NewContinuation } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { proposeContinuation } from '../booking.ts';
import { jobSchema, newContinuationBody } from '../schemas.ts';

export const continuationRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/jobs/continuation',
  options: {
    tags: ['api', 'jobs'],
    description: "The provider of a completed or upcoming job proposes the next session (continuation_proposed, session n of total)",
    validate: { payload: newContinuationBody },
    response: { status: { 201: jobSchema } },
  },
  handler: async (request, h) => h.response(await proposeContinuation(context, callerOf(request), request.payload as NewContinuation)).code(201),
});
