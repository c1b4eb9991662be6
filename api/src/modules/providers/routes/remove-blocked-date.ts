import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { unblockDate } from '../service/schedule.ts';
import { blockedDateParams } from '../schemas.ts';

export const removeBlockedDateRoute = (context: AppContext) =>
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/providers/me/blocked-dates/{date}',
    options: {
      description: 'Unblock a day',
      notes: '404 slot_not_found when the day is not blocked.',
      validate: { params: blockedDateParams },
    },
    handler: async ({ params }, request, h) => {
      await unblockDate(context.knex, callerOf(request).userId, params.date);
      return h.response().code(204);
    },
  });
