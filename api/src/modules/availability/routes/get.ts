import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { availabilityOn, providerToday } from '../service.ts';
import { availabilityQuery, dayAvailability } from '../schemas.ts';

export const getAvailabilityRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/{id}/availability',
    options: {
      description: "A provider's free slots on a day (default: the provider's today) for a duration in minutes (default 60)",
      validate: { params: idParams, query: availabilityQuery },
      response: { status: { 200: dayAvailability } },
    },
    handler: async ({ params: { id }, query }) => {
      const now = context.clock.now();
      const date = query.date ?? (await providerToday(context.knex, id, now));
      return availabilityOn(context.knex, id, { date, minutes: query.duration, now });
    },
  });
