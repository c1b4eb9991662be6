import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { notStored } from '../../../lib/http-cache.ts';
import { defineRoute } from '../../../lib/route.ts';
import { unreadTotal } from '../service/messages.ts';
import { unreadCountSchema } from '../schemas.ts';

export const unreadCountRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/conversations/unread-count',
    options: {
      description: 'Messages to the caller not yet read, across conversations (spam left out): the badge',
      response: { status: { 200: unreadCountSchema } },
    },
    handler: async (_input, request, h) => notStored(h, { count: await unreadTotal(context.knex, callerOf(request).userId) }),
  });
