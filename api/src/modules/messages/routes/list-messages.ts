import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { privateCache } from '../../../lib/http-cache.ts';
import { listMessages, type MessageRange } from '../messages.ts';
import { conversationIdParams, messageListQuery, messagePage } from '../schemas.ts';

export const listMessagesRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/conversations/{id}/messages',
  options: {
    tags: ['api', 'messages'],
    description: 'Messages of a conversation, oldest first',
    notes:
      'Without after/before: the newest `limit`, next_cursor to pass as before for older ones. after=<id>: what came after it (catch-up after a dropped socket), next_cursor to pass as after when more wait. limit up to 500. 404 conversation_not_found for a stranger.',
    validate: { params: conversationIdParams, query: messageListQuery },
    response: { status: { 200: messagePage } },
  },
  handler: async (request, h) =>
    privateCache(h, await listMessages(context, callerOf(request), (request.params as { id: string }).id, request.query as unknown as MessageRange), 0),
});
