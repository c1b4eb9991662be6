import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { newRefundBody, paymentSchema } from '../schemas.ts';
import { refundPayment } from '../service/refunds.ts';

export const refundPaymentRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/payments/{id}/refunds',
    options: {
      description: 'The provider refunds part or all of what is left of a paid payment (ATH Móvil: at the processor; another way: recorded)',
      notes: '409 payment_not_paid, refund_too_large; 503 payment_processor_unavailable; 403 for the client; 404 payment_not_found for anyone else.',
      validate: { params: idParams, payload: newRefundBody },
      response: { status: { 200: paymentSchema } },
    },
    handler: ({ params, payload }, request) => refundPayment(context, callerOf(request), params.id, payload),
  });
