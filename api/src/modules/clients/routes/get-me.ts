import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { clientProfileSchema } from '../schemas.ts';
import { ownClientProfile } from '../service.ts';

export const getMyClientProfileRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/profiles/me/client',
    options: {
      description: "The signed-in person's client profile (empty fields until filled in)",
      notes: '403 forbidden for an onboarded provider.',
      response: { status: { 200: clientProfileSchema } },
    },
    handler: (_input, request) => ownClientProfile(context.knex, callerOf(request).userId),
  });
