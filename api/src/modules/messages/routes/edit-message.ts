import type { ServerRoute } from '@hapi/hapi';
import type { MessagePatch } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { editMessage } from '../messages.ts';
import { messageIdParams, messagePatchBody, messageSchema } from '../schemas.ts';

export const editMessageRoute = (context: AppContext): ServerRoute => ({
  method: 'PATCH',
  path: '/api/v1/messages/{id}',
  options: {
    tags: ['api', 'messages'],
    description: 'The sender changes the text of their own message',
    notes: '403 message_not_editable for the other participant or an automatic reply; 403 conversation_blocked; 404 message_not_found for a stranger.',
    validate: { params: messageIdParams, payload: messagePatchBody },
    response: { status: { 200: messageSchema } },
  },
  handler: (request) => editMessage(context, callerOf(request), (request.params as { id: string }).id, (request.payload as MessagePatch).text),
});
