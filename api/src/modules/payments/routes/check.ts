import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { paymentSchema } from '../schemas.ts';
import { checkPayment } from '../service/payments.ts';

export const checkPaymentRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/payments/{id}/check',
    options: {
      description: 'Either party: the payment read back from the processor now',
      notes: '404 payment_not_found for anyone but the two parties.',
      plugins: { rateLimit: { bucket: 'payments-check', limit: 60, windowSeconds: 60, by: 'user' } },
      validate: { params: idParams },
      response: { status: { 200: paymentSchema } },
    },
    handler: ({ params }, request) => checkPayment(context, callerOf(request), params.id),
  });
