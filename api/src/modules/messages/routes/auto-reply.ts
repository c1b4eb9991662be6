import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { autoReplySchema } from '../schemas.ts';
import { ownAutoReply, setOwnAutoReply } from '../service/auto-reply.ts';

export const getAutoReplyRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/me/auto-reply',
    options: {
      tags: ['api', 'messages', 'providers'],
      description: "The signed-in provider's automatic reply (a provider setting)",
      notes: '403 forbidden for an account that is not a provider.',
      response: { status: { 200: autoReplySchema } },
    },
    handler: (_input, request) => ownAutoReply(context.knex, callerOf(request).userId),
  });

export const putAutoReplyRoute = (context: AppContext) =>
  defineRoute({
    method: 'PUT',
    path: '/api/v1/providers/me/auto-reply',
    options: {
      tags: ['api', 'messages', 'providers'],
      description: "Sets the provider's automatic reply: sent once per conversation, in the client's language, when a client writes first or outside business hours",
      notes: 'Texts up to 500 characters; text_es is required to turn it on, text_en falls back to it. 403 forbidden for an account that is not a provider.',
      validate: { payload: autoReplySchema },
      response: { status: { 200: autoReplySchema } },
    },
    handler: ({ payload }, request) => setOwnAutoReply(context.knex, callerOf(request).userId, payload),
  });
