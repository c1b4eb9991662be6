import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { quoteSchema } from '../schemas/quotes.ts';
import { jobQuote } from '../service/quotes.ts';

export const jobQuoteRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/jobs/{id}/quote',
    options: {
      description: "The job's quote with every version, oldest first, and what the caller may do with it",
      notes: '404 quote_not_found when the job has none; 404 job_not_found for anyone but its parties.',
      validate: { params: idParams },
      response: { status: { 200: quoteSchema } },
    },
    handler: ({ params }, request) => jobQuote(context, params.id, callerOf(request)),
  });
