import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { editMessage } from '../service/messages.ts';
import { messageIdParams, messagePatchBody, messageSchema } from '../schemas.ts';

export const editMessageRoute = (context: AppContext) =>
  defineRoute({
    method: 'PATCH',
    path: '/api/v1/messages/{id}',
    options: {
      description: 'The sender changes the text of their own message',
      notes: '403 message_not_editable for the other participant or an automatic reply; 403 conversation_blocked; 404 message_not_found for a stranger.',
      validate: { params: messageIdParams, payload: messagePatchBody },
      response: { status: { 200: messageSchema } },
    },
    handler: ({ params, payload }, request) => editMessage(context, callerOf(request), params.id, payload.text),
  });
