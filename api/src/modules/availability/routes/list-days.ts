import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { providerIdParams } from '../../providers/schemas.ts';
import { todayIn } from '../../providers/schedule.ts';
import { availabilityOver, providerTimeZone } from '../service.ts';
import { availabilityDaysQuery, daysAvailability } from '../schemas.ts';

export const listAvailabilityDaysRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/providers/{id}/availability/days',
  options: {
    tags: ['api', 'availability'],
    description: "A provider's free slots day by day from a date (default: the provider's today), for a calendar",
    validate: { params: providerIdParams, query: availabilityDaysQuery },
    response: { status: { 200: daysAvailability } },
  },
  handler: async (request) => {
    const { id } = request.params as { id: string };
    const query = request.query as { from?: string; days: number; duration: number };
    const now = context.clock.now();
    const firstDate = query.from ?? todayIn(await providerTimeZone(context.knex, id), now);
    return { items: await availabilityOver(context.knex, id, { firstDate, days: query.days, minutes: query.duration, now }) };
  },
});
