import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { notStored } from '../../../lib/http-cache.ts';
import { feedSchema } from '../schemas.ts';
import { regenerateFeed } from '../service/calendars.ts';

export const regenerateFeedRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/calendar/feed/regenerate',
    options: {
      description: 'A new feed address; the old one stops working at once',
      response: { status: { 200: feedSchema } },
    },
    handler: async (_input, request, h) => notStored(h, await regenerateFeed(context, callerOf(request).userId)),
  });
