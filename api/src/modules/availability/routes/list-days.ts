import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { availabilityOver, providerToday } from '../service.ts';
import { availabilityDaysQuery, daysAvailability } from '../schemas.ts';

export const listAvailabilityDaysRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/{id}/availability/days',
    options: {
      description: "A provider's free slots day by day from a date (default: the provider's today), for a calendar",
      validate: { params: idParams, query: availabilityDaysQuery },
      response: { status: { 200: daysAvailability } },
    },
    handler: async ({ params: { id }, query }) => {
      const now = context.clock.now();
      const firstDate = query.from ?? (await providerToday(context.knex, id, now));
      return { items: await availabilityOver(context.knex, id, { firstDate, days: query.days, minutes: query.duration, now }) };
    },
  });
