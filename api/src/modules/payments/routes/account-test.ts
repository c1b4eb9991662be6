import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { paymentAccountTestSchema } from '../schemas.ts';
import { testPaymentAccount } from '../service/accounts.ts';

export const testPaymentAccountRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/providers/me/payment-account/test',
    options: {
      description: 'Tests the connected tokens at the processor without moving money',
      notes: '409 payments_not_accepted without an account; 403 for anyone but a provider.',
      plugins: { rateLimit: { bucket: 'payment-account', limit: 20, windowSeconds: 600, by: 'user' } },
      response: { status: { 200: paymentAccountTestSchema } },
    },
    handler: (_input, request) => testPaymentAccount(context, callerOf(request)),
  });
