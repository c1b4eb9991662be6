import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { proposeContinuation } from '../service/booking.ts';
import { jobSchema, newContinuationBody } from '../schemas.ts';

export const continuationRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/jobs/continuation',
    options: {
      description: 'The provider of a completed or upcoming job proposes the next session (continuation_proposed, session n of total)',
      validate: { payload: newContinuationBody },
      response: { status: { 201: jobSchema } },
    },
    handler: async ({ payload }, request, h) => h.response(await proposeContinuation(context, callerOf(request), payload)).code(201),
  });
