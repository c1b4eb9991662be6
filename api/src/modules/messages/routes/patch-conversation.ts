import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { patchConversation } from '../service/conversations.ts';
import { conversationIdParams, conversationPatchBody, conversationSchema } from '../schemas.ts';

export const patchConversationRoute = (context: AppContext) =>
  defineRoute({
    method: 'PATCH',
    path: '/api/v1/conversations/{id}',
    options: {
      description: "Changes the caller's own view: status (active, completed, blocked), priority, archived, spam",
      notes: 'Blocking stops the other side from writing (403 conversation_blocked) until unblocked. Flagging spam also archives. 404 conversation_not_found for a stranger.',
      validate: { params: conversationIdParams, payload: conversationPatchBody },
      response: { status: { 200: conversationSchema } },
    },
    handler: ({ params, payload }, request) => patchConversation(context, callerOf(request), params.id, payload),
  });
