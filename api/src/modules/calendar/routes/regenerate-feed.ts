import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
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
  handler: async (request, h) => h.response(await regenerateFeed(context, request.auth.credentials.user!.userId)).header('Cache-Control', 'no-store'),
});
