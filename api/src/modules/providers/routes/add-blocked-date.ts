import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { blockDate } from '../service/schedule.ts';
import { blockedDateSchema, newBlockedDateBody } from '../schemas.ts';

export const addBlockedDateRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/providers/me/blocked-dates',
    options: {
      description: 'Block a full day (YYYY-MM-DD in the provider time zone), with an optional reason',
      notes: '409 date_already_blocked; a past day fails with details {date: out_of_range}.',
      validate: { payload: newBlockedDateBody },
      response: { status: { 201: blockedDateSchema } },
    },
    handler: async ({ payload }, request, h) => {
      const { date, reason } = payload;
      const blocked = await blockDate(context.knex, callerOf(request).userId, date, reason || null, context.clock.now());
      return h.response(blocked).code(201);
    },
  });
