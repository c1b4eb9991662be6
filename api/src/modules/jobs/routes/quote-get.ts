import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { quoteSchema } from '../schemas/quotes.ts';
import { quoteById } from '../service/quotes.ts';

export const getQuoteRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/quotes/{id}',
    options: {
      description: 'A quote with every version, for its provider and its client',
      notes: '404 quote_not_found for anyone else.',
      validate: { params: idParams },
      response: { status: { 200: quoteSchema } },
    },
    handler: ({ params }, request) => quoteById(context, params.id, callerOf(request)),
  });
