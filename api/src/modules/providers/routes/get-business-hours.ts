import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { businessHoursOf } from '../service/schedule.ts';
import { businessHoursAnswer, providerIdParams } from '../schemas.ts';

export const getBusinessHoursRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/{id}/business-hours',
    options: {
      description: "A provider's weekly hours and time zone (signed-in people only)",
      validate: { params: providerIdParams },
      response: { status: { 200: businessHoursAnswer } },
    },
    handler: ({ params }, request) => businessHoursOf(context.knex, params.id, callerOf(request).userId),
  });
