import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { listBlockedDates } from '../schedule.ts';
import { blockedDatesAnswer } from '../schemas.ts';

export const listBlockedDatesRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/providers/me/blocked-dates',
  options: {
    tags: ['api', 'providers'],
    description: "The signed-in provider's blocked full days from today on, soonest first",
    response: { status: { 200: blockedDatesAnswer } },
  },
  handler: (request) => listBlockedDates(context.knex, callerOf(request).userId, context.clock.now()),
});
