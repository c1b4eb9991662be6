import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { notStored } from '../../../lib/http-cache.ts';
import { defineRoute } from '../../../lib/route.ts';
import { allowanceFor } from '../service/limits.ts';
import { allowanceSchema } from '../schemas.ts';

export const messageLimitsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/messages/limits',
    options: {
      description: 'How many messages the caller sent in the last hour and day, against 20 and 50 (the counters of the Messages screen)',
      response: { status: { 200: allowanceSchema } },
    },
    handler: async (_input, request, h) => notStored(h, await allowanceFor(context.knex, callerOf(request).userId, context.clock.now())),
  });
