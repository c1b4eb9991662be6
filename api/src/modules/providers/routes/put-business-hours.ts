import type { ServerRoute } from '@hapi/hapi';
import type { BusinessHours } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { setBusinessHours } from '../schedule.ts';
import { businessHoursAnswer, businessHoursBody, providerIdParams } from '../schemas.ts';

export const putBusinessHoursRoute = (context: AppContext): ServerRoute => ({
  method: 'PUT',
  path: '/api/v1/providers/{id}/business-hours',
  options: {
    tags: ['api', 'providers'],
    description: 'Replace the weekly hours of the signed-in provider (every weekday: open, from, to)',
    notes: '403 forbidden for anybody but the provider themself.',
    validate: { params: providerIdParams, payload: businessHoursBody },
    response: { status: { 200: businessHoursAnswer } },
  },
  handler: (request) => {
    const { business_hours: hours } = request.payload as { business_hours: BusinessHours };
    const providerId = (request.params as { id: string }).id;
    return setBusinessHours(context.knex, providerId, callerOf(request).userId, hours, context.clock.now());
  },
});
