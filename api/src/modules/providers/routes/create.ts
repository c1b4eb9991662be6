import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { createProviderSchema, providerProfileSchema } from '../schemas.ts';
import { becomeProvider } from '../service.ts';

export const createProviderRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/providers',
  options: {
    tags: ['api', 'providers'],
    description: 'The signed-in account starts being a provider, with its company name',
    notes: '409 already_onboarded when the account finished onboarding as a client; 409 conflict when already a provider.',
    validate: { payload: createProviderSchema },
    response: { status: { 201: providerProfileSchema } },
  },
  handler: async (request, h) => {
    const { company_name: companyName } = request.payload as { company_name: string };
    const provider = await becomeProvider(context.knex, callerOf(request).userId, companyName, context.clock.now());
    return h.response(provider).code(201);
  },
});
