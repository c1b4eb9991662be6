import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { providerChangesSchema, providerProfileSchema } from '../schemas.ts';
import { updateOwnProvider } from '../service/providers.ts';

export const updateMyProviderRoute = (context: AppContext) =>
  defineRoute({
    method: 'PATCH',
    path: '/api/v1/providers/me',
    options: {
      description: "Change fields of the signed-in provider's business profile",
      notes: 'Every field follows the rules of SPEC.md §5 from contract; empty optional texts clear the field. 403 forbidden for an account that is not a provider.',
      validate: { payload: providerChangesSchema },
      response: { status: { 200: providerProfileSchema } },
    },
    handler: ({ payload }, request) => updateOwnProvider(context.knex, callerOf(request).userId, payload, context.clock.now()),
  });
