import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { disconnectPaymentAccount } from '../service/accounts.ts';

export const deletePaymentAccountRoute = (context: AppContext) =>
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/providers/me/payment-account',
    options: { description: 'The provider disconnects their account: the tokens are forgotten; 204', notes: '403 for anyone but a provider.' },
    handler: async (_input, request, h) => {
      await disconnectPaymentAccount(context, callerOf(request));
      return h.response().code(204);
    },
  });
