import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { newConversationQuoteBody, quoteSchema } from '../schemas/quotes.ts';
import { sendConversationQuote } from '../service/conversation-quotes.ts';

export const sendConversationQuoteRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/conversations/{id}/quote',
    options: {
      description: "The conversation's provider offers a job at a price before any booking, or revises the open offer (a version more)",
      notes:
        "403 forbidden for the client; 404 conversation_not_found for anyone else; 403 conversation_blocked; the booking's errors (time_not_available, outside_business_hours, provider_closed_weekday, provider_unavailable) for the offered time; 400 validation_failed, quote_total_too_large.",
      validate: { params: idParams, payload: newConversationQuoteBody },
      response: { status: { 201: quoteSchema } },
    },
    handler: async ({ params, payload }, request, h) => h.response(await sendConversationQuote(context, params.id, callerOf(request), payload)).code(201),
  });
