import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { paymentSchema } from '../schemas.ts';
import { cancelPayment } from '../service/payments.ts';

export const cancelPaymentRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/payments/{id}/cancel',
    options: {
      description: 'The client cancels an open payment: cancelled at the processor, then read back (approved meanwhile: paid)',
      notes: '409 payment_not_open; 503 payment_processor_unavailable; 403 for the provider; 404 payment_not_found for anyone else.',
      validate: { params: idParams },
      response: { status: { 200: paymentSchema } },
    },
    handler: ({ params }, request) => cancelPayment(context, callerOf(request), params.id),
  });
