import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { availabilityOn, ownProviderToday } from '../service.ts';
import { availabilityQuery, dayAvailability } from '../schemas.ts';

export const getMyAvailabilityRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/me/availability',
    options: {
      description: "The signed-in provider's own free slots on a day (also before onboarding is finished)",
      validate: { query: availabilityQuery },
      response: { status: { 200: dayAvailability } },
    },
    handler: async ({ query }, request) => {
      const userId = callerOf(request).userId;
      const now = context.clock.now();
      // Refused (403) for an account that is not a provider, even with a date.
      const today = await ownProviderToday(context.knex, userId, now);
      const date = query.date ?? today;
      return availabilityOn(context.knex, userId, { date, minutes: query.duration, now, onlyPublic: false });
    },
  });
