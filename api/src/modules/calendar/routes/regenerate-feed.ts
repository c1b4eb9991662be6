import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { notStored } from '../../../lib/http-cache.ts';
import { feedSchema } from '../schemas.ts';
import { regenerateFeed } from '../service.ts';

export const regenerateFeedRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/calendar/feed/regenerate',
  options: {
    tags: ['api', 'calendar'],
    description: 'A new feed address; the old one stops working at once',
    response: { status: { 200: feedSchema } },
  },
  handler: async (request, h) => notStored(h, await regenerateFeed(context, callerOf(request).userId)),
});
