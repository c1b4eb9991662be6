import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { listBlockedDates } from '../service/schedule.ts';
import { blockedDatesAnswer } from '../schemas.ts';

export const listBlockedDatesRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/me/blocked-dates',
    options: {
      description: "The signed-in provider's blocked full days from today on, soonest first",
      response: { status: { 200: blockedDatesAnswer } },
    },
    handler: (_input, request) => listBlockedDates(context.knex, callerOf(request).userId, context.clock.now()),
  });
