import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { requireProvider } from '../../providers/service.ts';
import { todayIn } from '../../providers/schedule.ts';
import { availabilityOn } from '../service.ts';
import { availabilityQuery, dayAvailability } from '../schemas.ts';

export const getMyAvailabilityRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/providers/me/availability',
  options: {
    tags: ['api', 'availability'],
    description: "The signed-in provider's own free slots on a day (also before onboarding is finished)",
    validate: { query: availabilityQuery },
    response: { status: { 200: dayAvailability } },
  },
  handler: async (request) => {
    const userId = callerOf(request).userId;
    const provider = await requireProvider(context.knex, userId);
    const query = request.query as { date?: string; duration: number };
    const now = context.clock.now();
    const date = query.date ?? todayIn(provider.timezone, now);
    return availabilityOn(context.knex, userId, { date, minutes: query.duration, now, onlyPublic: false });
  },
});
