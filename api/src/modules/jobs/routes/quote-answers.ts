/** The client's three answers to a quote: accept a version, decline, or counter-offer. */
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { newQuoteCounterBody, quoteAcceptanceBody, quoteDeclineBody, quoteSchema } from '../schemas/quotes.ts';
import { acceptQuote, counterQuote, declineQuote } from '../service/quotes.ts';

const common = '403 forbidden for the provider; 404 quote_not_found for anyone else; 409 quote_already_answered once accepted, declined or withdrawn.';

export const acceptQuoteRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/quotes/{id}/accept',
    options: {
      description: "The client accepts the version they read: the job becomes upcoming at its start for the quote's hours (a conversation's quote books its job)",
      notes: `${common} 409 quote_superseded when a newer version replaced it; 409 quote_expired past its valid_until; 409 slot_already_booked and the booking's errors when the time cannot be held.`,
      validate: { params: idParams, payload: quoteAcceptanceBody },
      response: { status: { 200: quoteSchema } },
    },
    handler: ({ params, payload }, request) => acceptQuote(context, params.id, callerOf(request), payload),
  });

export const declineQuoteRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/quotes/{id}/decline',
    options: {
      description: "The client declines the quote with a reason; a job's request is cancelled by the client",
      notes: common,
      validate: { params: idParams, payload: quoteDeclineBody },
      response: { status: { 200: quoteSchema } },
    },
    handler: ({ params, payload }, request) => declineQuote(context, params.id, callerOf(request), payload),
  });

export const counterQuoteRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/quotes/{id}/counter',
    options: {
      description: 'The client counter-offers the newest version: a message and the lines (1-based) they question; the provider may revise',
      notes: `${common} 409 quote_superseded, quote_expired; a second counter to one version is 409 quote_already_answered.`,
      validate: { params: idParams, payload: newQuoteCounterBody },
      response: { status: { 200: quoteSchema } },
    },
    handler: ({ params, payload }, request) => counterQuote(context, params.id, callerOf(request), payload),
  });
