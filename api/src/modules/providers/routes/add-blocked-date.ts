import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { blockDate } from '../schedule.ts';
import { blockedDateSchema, newBlockedDateBody } from '../schemas.ts';

export const addBlockedDateRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/providers/me/blocked-dates',
  options: {
    tags: ['api', 'providers'],
    description: 'Block a full day (YYYY-MM-DD in the provider time zone), with an optional reason',
    notes: '409 date_already_blocked; a past day fails with details {date: out_of_range}.',
    validate: { payload: newBlockedDateBody },
    response: { status: { 201: blockedDateSchema } },
  },
  handler: async (request, h) => {
    const { date, reason } = request.payload as { date: string; reason?: string | null };
    const blocked = await blockDate(context.knex, callerOf(request).userId, date, reason || null, context.clock.now());
    return h.response(blocked).code(201);
  },
});
