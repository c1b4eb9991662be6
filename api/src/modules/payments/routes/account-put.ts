import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { accountConnectBody, paymentAccountSchema } from '../schemas.ts';
import { connectPaymentAccount } from '../service/accounts.ts';

export const putPaymentAccountRoute = (context: AppContext) =>
  defineRoute({
    method: 'PUT',
    path: '/api/v1/providers/me/payment-account',
    options: {
      description: 'The provider connects their ATH Business account: the tokens are tested at the processor first, the private one stored only encrypted',
      notes: '422 payment_account_refused (the processor refused the tokens); 503 payment_processor_unavailable; 403 for anyone but a provider.',
      plugins: { rateLimit: { bucket: 'payment-account', limit: 20, windowSeconds: 600, by: 'user' } },
      validate: { payload: accountConnectBody },
      response: { status: { 200: paymentAccountSchema } },
    },
    handler: ({ payload }, request) => connectPaymentAccount(context, callerOf(request), payload),
  });
