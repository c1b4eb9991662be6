import type { ServerRoute } from '@hapi/hapi';
import type { Locale } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { providerIdParams } from '../../providers/schemas.ts';
import { publicProviderProfile } from '../profile.ts';
import { profileQuery, publicProfile } from '../schemas.ts';

export const getProviderProfileRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/providers/{id}',
  options: {
    // Visitors see the profile without contact and hours; a bad or expired token is still a 401.
    auth: { mode: 'optional' },
    tags: ['api', 'search'],
    description: "A provider's public profile; contact and business hours only for signed-in people",
    validate: { params: providerIdParams, query: profileQuery },
    response: { status: { 200: publicProfile } },
  },
  handler: (request) =>
    publicProviderProfile(context.knex, (request.params as { id: string }).id, {
      locale: (request.query as { locale: Locale }).locale,
      viewerId: request.auth.credentials?.user?.userId ?? null,
      photos: context.storage,
    }),
});
