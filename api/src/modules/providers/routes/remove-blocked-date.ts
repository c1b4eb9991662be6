import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { unblockDate } from '../schedule.ts';
import { blockedDateParams } from '../schemas.ts';

export const removeBlockedDateRoute = (context: AppContext): ServerRoute => ({
  method: 'DELETE',
  path: '/api/v1/providers/me/blocked-dates/{date}',
  options: {
    tags: ['api', 'providers'],
    description: 'Unblock a day',
    notes: '404 slot_not_found when the day is not blocked.',
    validate: { params: blockedDateParams },
  },
  handler: async (request, h) => {
    await unblockDate(context.knex, callerOf(request).userId, (request.params as { date: string }).date);
    return h.response().code(204);
  },
});
