import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { providerIdParams } from '../../providers/schemas.ts';
import { todayIn } from '../../providers/schedule.ts';
import { availabilityOn, providerTimeZone } from '../service.ts';
import { availabilityQuery, dayAvailability } from '../schemas.ts';

export const getAvailabilityRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/providers/{id}/availability',
  options: {
    tags: ['api', 'availability'],
    description: "A provider's free slots on a day (default: the provider's today) for a duration in minutes (default 60)",
    validate: { params: providerIdParams, query: availabilityQuery },
    response: { status: { 200: dayAvailability } },
  },
  handler: async (request) => {
    const { id } = request.params as { id: string };
    const query = request.query as { date?: string; duration: number };
    const now = context.clock.now();
    const date = query.date ?? todayIn(await providerTimeZone(context.knex, id), now);
    return availabilityOn(context.knex, id, { date, minutes: query.duration, now });
  },
});
