import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { idempotencyHeaders, idempotencyKeyOf, respondOnce } from '../../../lib/idempotency.ts';
import { defineRoute } from '../../../lib/route.ts';
import { startConversation } from '../service/conversations.ts';
import { conversationSchema, newConversationBody } from '../schemas.ts';

export const startConversationRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/conversations',
    options: {
      description: 'Starts a conversation: 201 with it, or 200 with the one the pair already has about that job (or about no job)',
      notes:
        'A client writes to any listed provider; a provider only to a client they have a job with (403 conversation_not_allowed). 404 recipient_not_found, job_not_found (a job of another pair). A text is the first message, by the sending rules (429 message_limit_reached). Idempotency-Key as for POST /jobs.',
      validate: { payload: newConversationBody, headers: idempotencyHeaders },
      response: { status: { 200: conversationSchema, 201: conversationSchema } },
    },
    handler: async ({ payload }, request, h) => respondOnce(h, await startConversation(context, callerOf(request), payload, idempotencyKeyOf(request))),
  });
