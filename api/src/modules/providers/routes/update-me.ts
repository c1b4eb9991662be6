import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { providerChangesSchema, providerProfileSchema } from '../schemas.ts';
import { updateOwnProvider, type ProviderChanges } from '../service.ts';

export const updateMyProviderRoute = (context: AppContext): ServerRoute => ({
  method: 'PATCH',
  path: '/api/v1/providers/me',
  options: {
    tags: ['api', 'providers'],
    description: "Change fields of the signed-in provider's business profile",
    notes: 'Every field follows the rules of SPEC.md §5 from contract; empty optional texts clear the field. 403 forbidden for an account that is not a provider.',
    validate: { payload: providerChangesSchema },
    response: { status: { 200: providerProfileSchema } },
  },
  handler: (request) =>
    updateOwnProvider(context.knex, callerOf(request).userId, request.payload as ProviderChanges, context.clock.now()),
});
