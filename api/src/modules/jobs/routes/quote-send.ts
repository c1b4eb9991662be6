import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { newQuoteVersionBody, quoteSchema } from '../schemas/quotes.ts';
import { sendJobQuote } from '../service/quotes.ts';

export const sendJobQuoteRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/jobs/{id}/quote',
    options: {
      description: "The job's provider sends a quote (version 1) or revises it (a version more; the older versions stay); the job stays pending",
      notes:
        '403 forbidden for the client; 404 job_not_found for anyone else; 409 invalid_transition when the job is not pending; 409 quote_already_answered once accepted or declined; 400 validation_failed (lines, cents, quantities, valid_until), 400 quote_total_too_large.',
      validate: { params: idParams, payload: newQuoteVersionBody },
      response: { status: { 201: quoteSchema } },
    },
    handler: async ({ params, payload }, request, h) => h.response(await sendJobQuote(context, params.id, callerOf(request), payload)).code(201),
  });
