import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { readUpTo } from '../service/messages.ts';
import { messageIdParams, messagesReadSchema } from '../schemas.ts';

export const readMessagesRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/messages/{id}/read',
    options: {
      description: 'Marks this message and every earlier one of its conversation from the other party as read',
      notes: 'Answers how far the caller has read and their unread total. 404 message_not_found for a stranger.',
      validate: { params: messageIdParams },
      response: { status: { 200: messagesReadSchema } },
    },
    handler: ({ params }, request) => readUpTo(context, callerOf(request), params.id),
  });
