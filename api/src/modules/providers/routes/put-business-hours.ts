import { defineRoute } from '../../../lib/route.ts';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { setBusinessHours } from '../service/schedule.ts';
import { businessHoursAnswer, businessHoursBody, providerIdParams } from '../schemas.ts';

export const putBusinessHoursRoute = (context: AppContext) =>
  defineRoute({
    method: 'PUT',
    path: '/api/v1/providers/{id}/business-hours',
    options: {
      description: 'Replace the weekly hours of the signed-in provider (every weekday: open, from, to)',
      notes: '403 forbidden for anybody but the provider themself.',
      validate: { params: providerIdParams, payload: businessHoursBody },
      response: { status: { 200: businessHoursAnswer } },
    },
    handler: ({ payload, params }, request) =>
      setBusinessHours(context.knex, params.id, callerOf(request).userId, payload.business_hours, context.clock.now()),
  });
