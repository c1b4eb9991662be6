import { notFound } from '../../../lib/errors.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { publicProfileSchema } from '../schemas.ts';
import { publicProfile } from '../service/profiles.ts';
import type { AppContext } from '../../../context.ts';

export const getProfileRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/profiles/{id}',
    options: {
      description: "Another person's public profile (no email, no private fields)",
      validate: { params: idParams },
      response: { status: { 200: publicProfileSchema } },
    },
    handler: async ({ params }) => {
      const profile = await publicProfile(context.knex, params.id);
      if (!profile) throw notFound('Profile');
      return profile;
    },
  });
