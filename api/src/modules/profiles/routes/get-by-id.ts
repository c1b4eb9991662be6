import type { ServerRoute } from '@hapi/hapi';
import { notFound } from '../../../lib/errors.ts';
import { profileIdParams, publicProfileSchema } from '../schemas.ts';
import { publicProfile } from '../service.ts';
import type { AppContext } from '../../../context.ts';

export const getProfileRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/profiles/{id}',
  options: {
    tags: ['api', 'profiles'],
    description: "Another person's public profile (no email, no private fields)",
    validate: { params: profileIdParams },
    response: { status: { 200: publicProfileSchema } },
  },
  handler: async (request) => {
    const profile = await publicProfile(context.knex, request.params.id as string);
    if (!profile) throw notFound('Profile');
    return profile;
  },
});
