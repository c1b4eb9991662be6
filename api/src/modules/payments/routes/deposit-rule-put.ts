import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { categoryParams, depositRuleBody, serviceDepositRuleSchema } from '../schemas.ts';
import { setDepositRule } from '../service/accounts.ts';

export const putDepositRuleRoute = (context: AppContext) =>
  defineRoute({
    method: 'PUT',
    path: '/api/v1/providers/me/deposit-rules/{categoryId}',
    options: {
      description: 'The provider sets the deposit of one service: none, a fixed amount, or a whole percent of the accepted quote',
      notes: '404 not_found for a service the provider does not offer; 403 for anyone but a provider.',
      validate: { params: categoryParams, payload: depositRuleBody },
      response: { status: { 200: serviceDepositRuleSchema } },
    },
    handler: ({ params, payload }, request) => setDepositRule(context, callerOf(request), params.categoryId, payload),
  });
