import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { clientChangesSchema, clientProfileSchema } from '../schemas.ts';
import { updateOwnClient } from '../service.ts';

export const updateMyClientProfileRoute = (context: AppContext) =>
  defineRoute({
    method: 'PATCH',
    path: '/api/v1/profiles/me/client',
    options: {
      description: 'Change client profile fields; with complete_onboarding true, also finish onboarding as a client',
      notes:
        'Every field follows the rules of SPEC.md §5 from contract (birth date: at least 13 years old). Finishing needs every required field ' +
        '(409 onboarding_incomplete, details field -> required) and a verified phone (409 phone_not_verified); nothing is saved when it fails.',
      validate: { payload: clientChangesSchema(() => context.clock.now()) },
      response: { status: { 200: clientProfileSchema } },
    },
    handler: ({ payload }, request) => updateOwnClient(context.knex, callerOf(request).userId, payload, context.clock.now()),
  });
