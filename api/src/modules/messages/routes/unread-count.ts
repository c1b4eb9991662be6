import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { notStored } from '../../../lib/http-cache.ts';
import { unreadTotal } from '../messages.ts';
import { unreadCountSchema } from '../schemas.ts';

export const unreadCountRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/conversations/unread-count',
  options: {
    tags: ['api', 'messages'],
    description: 'Messages to the caller not yet read, across conversations (spam left out): the badge',
    response: { status: { 200: unreadCountSchema } },
  },
  handler: async (request, h) => notStored(h, { count: await unreadTotal(context.knex, callerOf(request).userId) }),
});
