import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import Joi from 'joi';
import { serviceDepositRuleSchema } from '../schemas.ts';
import { depositRules } from '../service/accounts.ts';

export const listDepositRulesRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/me/deposit-rules',
    options: {
      description: "The provider's deposit for each service they offer",
      notes: '403 for anyone but a provider.',
      response: { status: { 200: Joi.array().items(serviceDepositRuleSchema).label('ServiceDepositRules') } },
    },
    handler: (_input, request) => depositRules(context, callerOf(request)),
  });
