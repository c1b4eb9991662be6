import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { jobPaymentsSchema } from '../schemas.ts';
import { jobPayments } from '../service/payments.ts';

export const jobPaymentsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/jobs/{id}/payments',
    options: {
      description: "A job's money as its two parties read it: deposit, total, paid, pending, refunded, balance, and its payments",
      notes: '404 job_not_found for anyone but its client and its provider.',
      validate: { params: idParams },
      response: { status: { 200: jobPaymentsSchema } },
    },
    handler: ({ params }, request) => jobPayments(context, callerOf(request), params.id),
  });
