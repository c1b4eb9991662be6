import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { publicProviderProfile } from '../service/profile.ts';
import { profileParams, profileQuery, publicProfile } from '../schemas.ts';

export const getProviderProfileRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/{id}',
    options: {
      // Visitors see the profile without contact and hours; a bad or expired token is still a 401.
      auth: { mode: 'optional' },
      description: "A provider's public profile; contact and business hours only for signed-in people",
      validate: { params: profileParams, query: profileQuery },
      response: { status: { 200: publicProfile } },
    },
    handler: ({ params, query }, request) =>
      publicProviderProfile(context.knex, params.id, {
        locale: query.locale,
        viewerId: request.auth.credentials?.user?.userId ?? null,
        photos: context.storage,
      }),
  });
