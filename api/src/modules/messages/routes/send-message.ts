import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { idempotencyHeaders, idempotencyKeyOf, respondOnce } from '../../../lib/idempotency.ts';
import { defineRoute } from '../../../lib/route.ts';
import { sendMessage } from '../service/messages.ts';
import { conversationIdParams, messageSchema, newMessageBody } from '../schemas.ts';

export const sendMessageRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/conversations/{id}/messages',
    options: {
      description: 'Sends a message: 201 with it',
      notes:
        'Text 1 to 500 characters, stored as typed. 403 conversation_blocked when either side blocked it; 429 message_limit_reached with Retry-After after 20 in an hour or 50 in a day; 404 conversation_not_found for a stranger. Send an Idempotency-Key made before the first try: a retry answers the same message (Idempotent-Replayed: true).',
      validate: { params: conversationIdParams, payload: newMessageBody, headers: idempotencyHeaders },
      response: { status: { 201: messageSchema } },
    },
    handler: async ({ params, payload }, request, h) =>
      respondOnce(h, await sendMessage(context, callerOf(request), params.id, { text: payload.text }, idempotencyKeyOf(request))),
  });
