import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { privateCache } from '../../../lib/http-cache.ts';
import { defineRoute } from '../../../lib/route.ts';
import { listMessages } from '../service/messages.ts';
import { conversationIdParams, messageListQuery, messagePage } from '../schemas.ts';

export const listMessagesRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/conversations/{id}/messages',
    options: {
      description: 'Messages of a conversation, oldest first',
      notes:
        'Without after/before: the newest `limit`, next_cursor to pass as before for older ones. after=<id>: what came after it (catch-up after a dropped socket), next_cursor to pass as after when more wait. limit up to 500. 404 conversation_not_found for a stranger.',
      validate: { params: conversationIdParams, query: messageListQuery },
      response: { status: { 200: messagePage } },
    },
    handler: async ({ params, query }, request, h) => privateCache(h, await listMessages(context, callerOf(request), params.id, query), 0),
  });
