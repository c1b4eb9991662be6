import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { paymentAccountSchema } from '../schemas.ts';
import { paymentAccount } from '../service/accounts.ts';

export const getPaymentAccountRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/me/payment-account',
    options: {
      description: "The provider's ATH Business account: connected or not, the public token's last four characters, never a token",
      notes: '403 for anyone but a provider.',
      response: { status: { 200: paymentAccountSchema } },
    },
    handler: (_input, request) => paymentAccount(context, callerOf(request)),
  });
