import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { otherPaymentBody, paymentSchema } from '../schemas.ts';
import { recordOtherPayment } from '../service/payments.ts';

export const otherPaymentRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/jobs/{id}/payments/other',
    options: {
      description: 'The provider records money received another way (cash, transfer, check, other): 201, paid at once',
      notes: '403 for the client; 404 job_not_found for anyone else.',
      validate: { params: idParams, payload: otherPaymentBody },
      response: { status: { 201: paymentSchema } },
    },
    handler: async ({ params, payload }, request, h) => h.response(await recordOtherPayment(context, callerOf(request), params.id, payload)).code(201),
  });
