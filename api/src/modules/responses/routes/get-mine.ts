import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { responseTimeSummarySchema } from '../schemas.ts';
import { responseTimeOf } from '../service.ts';

export const myResponseTimeRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/me/response-time',
    options: {
      description: "The signed-in provider's response time (median in business minutes over 90 days) and the requests waiting for their first answer",
      notes: '403 for an account that is not a provider. The median is null until the provider has the minimum number of answered cases.',
      response: { status: { 200: responseTimeSummarySchema } },
    },
    handler: (_input, request) => responseTimeOf(context.knex, callerOf(request).userId, context.clock.now()),
  });
