import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { businessHoursOf } from '../schedule.ts';
import { businessHoursAnswer, providerIdParams } from '../schemas.ts';

export const getBusinessHoursRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/providers/{id}/business-hours',
  options: {
    tags: ['api', 'providers'],
    description: "A provider's weekly hours and time zone (signed-in people only)",
    validate: { params: providerIdParams },
    response: { status: { 200: businessHoursAnswer } },
  },
  handler: (request) =>
    businessHoursOf(context.knex, (request.params as { id: string }).id, callerOf(request).userId),
});
