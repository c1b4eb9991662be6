import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { confirmBill } from '../service/bills.ts';
import { billConfirmationBody, receiptSchema } from '../schemas/bills.ts';

export const confirmBillRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/jobs/{id}/bill',
    options: {
      description: "The job's provider confirms its final lines (edited or as drafted when the job ended); answers the receipt",
      notes:
        '403 forbidden for the client; 409 bill_not_ready before the job ends; 409 bill_already_confirmed once confirmed (a bill confirms once); ' +
        '400 validation_failed for a bad line, more than 50 lines, or a total above $1,000,000. Both parties hear job.changed (action confirm_bill).',
      validate: { params: idParams, payload: billConfirmationBody },
      response: { status: { 200: receiptSchema } },
    },
    handler: ({ params, payload }, request) => confirmBill(context, params.id, callerOf(request), payload.lines),
  });
