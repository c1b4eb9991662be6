import type { ServerRoute } from '@hapi/hapi';
import type { ConversationPatch } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { patchConversation } from '../conversations.ts';
import { conversationIdParams, conversationPatchBody, conversationSchema } from '../schemas.ts';

export const patchConversationRoute = (context: AppContext): ServerRoute => ({
  method: 'PATCH',
  path: '/api/v1/conversations/{id}',
  options: {
    tags: ['api', 'messages'],
    description: "Changes the caller's own view: status (active, completed, blocked), priority, archived, spam",
    notes: 'Blocking stops the other side from writing (403 conversation_blocked) until unblocked. Flagging spam also archives. 404 conversation_not_found for a stranger.',
    validate: { params: conversationIdParams, payload: conversationPatchBody },
    response: { status: { 200: conversationSchema } },
  },
  handler: (request) => patchConversation(context, callerOf(request), (request.params as { id: string }).id, request.payload as ConversationPatch),
});
