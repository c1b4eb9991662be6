import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { getConversation } from '../conversations.ts';
import { conversationIdParams, conversationSchema } from '../schemas.ts';

export const getConversationRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/conversations/{id}',
  options: {
    tags: ['api', 'messages'],
    description: 'One conversation as the caller sees it',
    notes: '404 conversation_not_found for anyone but its two participants.',
    validate: { params: conversationIdParams },
    response: { status: { 200: conversationSchema } },
  },
  handler: (request) => getConversation(context, callerOf(request), (request.params as { id: string }).id),
});
