import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { newPaymentBody, paymentSchema } from '../schemas.ts';
import { createPayment } from '../service/payments.ts';

export const createPaymentRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/jobs/{id}/payments',
    options: {
      description: "The client starts an ATH Móvil payment of the job's deposit or balance: 201 with it waiting on their phone (the same open one again: 200)",
      notes: '409 payments_not_accepted, payment_already_open (another purpose), payment_not_due; 503 payment_processor_unavailable; 403 for the provider; 404 job_not_found for anyone else.',
      plugins: { rateLimit: { bucket: 'payments-create', limit: 30, windowSeconds: 600, by: 'user' } },
      validate: { params: idParams, payload: newPaymentBody },
      response: { status: { 200: paymentSchema, 201: paymentSchema } },
    },
    handler: async ({ params, payload }, request, h) => {
      const { payment, created } = await createPayment(context, callerOf(request), params.id, payload);
      return h.response(payment).code(created ? 201 : 200);
    },
  });
