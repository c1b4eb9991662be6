import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { deleteMessage } from '../service/messages.ts';
import { messageIdParams, messageSchema } from '../schemas.ts';

export const deleteMessageRoute = (context: AppContext) =>
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/messages/{id}',
    options: {
      description: 'The sender deletes their own message: 200 with its trace (deleted_at set, no text, no file)',
      notes: 'The trace keeps its place in the conversation. Deleting again answers the trace. 403 message_not_editable for the other participant; 404 message_not_found for a stranger.',
      validate: { params: messageIdParams },
      response: { status: { 200: messageSchema } },
    },
    handler: ({ params }, request) => deleteMessage(context, callerOf(request), params.id),
  });
