import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { getConversation } from '../service/conversations.ts';
import { conversationIdParams, conversationSchema } from '../schemas.ts';

export const getConversationRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/conversations/{id}',
    options: {
      description: 'One conversation as the caller sees it',
      notes: '404 conversation_not_found for anyone but its two participants.',
      validate: { params: conversationIdParams },
      response: { status: { 200: conversationSchema } },
    },
    handler: ({ params }, request) => getConversation(context, callerOf(request), params.id),
  });
