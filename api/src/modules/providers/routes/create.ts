import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { createProviderSchema, providerProfileSchema } from '../schemas.ts';
import { becomeProvider } from '../service/providers.ts';

export const createProviderRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/providers',
    options: {
      description: 'The signed-in account starts being a provider, with its company name',
      notes: '409 already_onboarded when the account finished onboarding as a client; 409 conflict when already a provider.',
      validate: { payload: createProviderSchema },
      response: { status: { 201: providerProfileSchema } },
    },
    handler: async ({ payload }, request, h) => {
      const provider = await becomeProvider(context.knex, callerOf(request).userId, payload.company_name, context.clock.now());
      return h.response(provider).code(201);
    },
  });
