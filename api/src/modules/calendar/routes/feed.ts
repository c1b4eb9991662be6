import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { notStored } from '../../../lib/http-cache.ts';
import { feedSchema } from '../schemas.ts';
import { feedOf } from '../service/calendars.ts';

export const feedRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/calendar/feed',
    options: {
      description: "The signed-in account's private iCal feed address (made on first ask)",
      response: { status: { 200: feedSchema } },
    },
    handler: async (_input, request, h) => notStored(h, await feedOf(context, callerOf(request).userId)),
  });
