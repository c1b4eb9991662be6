import { defineRoute } from '../../../lib/route.ts';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { localeOnly, providerProfileSchema } from '../schemas.ts';
import { ownProviderProfile } from '../service/providers.ts';

export const getMyProviderRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/me',
    options: {
      description: "The signed-in provider's own profile, with business hours, time zone and services",
      notes: 'Categories are named in `locale`, by default in the account language. 404 not_found when the account is not a provider.',
      validate: { query: localeOnly },
      response: { status: { 200: providerProfileSchema } },
    },
    handler: ({ query }, request) => ownProviderProfile(context.knex, callerOf(request).userId, query.locale),
  });
