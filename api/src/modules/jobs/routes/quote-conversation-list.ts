import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { quoteItems } from '../schemas/quotes.ts';
import { conversationQuotes } from '../service/conversation-quotes.ts';

export const conversationQuotesRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/conversations/{id}/quotes',
    options: {
      description: 'The quotes sent in a conversation, oldest first, for its two people',
      notes: '404 conversation_not_found for anyone else.',
      validate: { params: idParams },
      response: { status: { 200: quoteItems } },
    },
    handler: ({ params }, request) => conversationQuotes(context, params.id, callerOf(request)),
  });
