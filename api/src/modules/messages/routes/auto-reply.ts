import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { messageLimits, type AutoReply } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { ownAutoReply, setOwnAutoReply } from '../auto-reply.ts';

const words = Joi.string().trim().max(messageLimits.autoReplyMaxLength);
const replyText = words.allow('');

const autoReplySchema = Joi.object({
  enabled: Joi.boolean().required(),
  // Spanish first: the reply needs its Spanish words to be on; English falls back to them.
  text_es: Joi.when('enabled', { is: true, then: words.required(), otherwise: replyText.required() }),
  text_en: replyText.required(),
}).label('AutoReply');

export const getAutoReplyRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/providers/me/auto-reply',
  options: {
    tags: ['api', 'messages', 'providers'],
    description: "The signed-in provider's automatic reply (a provider setting)",
    notes: '403 forbidden for an account that is not a provider.',
    response: { status: { 200: autoReplySchema } },
  },
  handler: (request) => ownAutoReply(context.knex, callerOf(request).userId),
});

export const putAutoReplyRoute = (context: AppContext): ServerRoute => ({
  method: 'PUT',
  path: '/api/v1/providers/me/auto-reply',
  options: {
    tags: ['api', 'messages', 'providers'],
    description: "Sets the provider's automatic reply: sent once per conversation, in the client's language, when a client writes first or outside business hours",
    notes: 'Texts up to 500 characters; text_es is required to turn it on, text_en falls back to it. 403 forbidden for an account that is not a provider.',
    validate: { payload: autoReplySchema },
    response: { status: { 200: autoReplySchema } },
  },
  handler: (request) => setOwnAutoReply(context.knex, callerOf(request).userId, request.payload as AutoReply),
});
