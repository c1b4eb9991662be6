import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { receiptFor } from '../service/bills.ts';
import { receiptSchema } from '../schemas/bills.ts';

export const receiptRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/jobs/{id}/receipt',
    options: {
      description: "The job's receipt: its bill's lines, the IVU per rate, the totals and the fee the client owes, if any",
      notes: '404 job_not_found for anyone but the two parties; 404 receipt_not_found before the job ends.',
      validate: { params: idParams },
      response: { status: { 200: receiptSchema } },
    },
    handler: ({ params }, request) => receiptFor(context.knex, params.id, callerOf(request)),
  });
