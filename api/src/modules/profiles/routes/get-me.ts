import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { AppError } from '../../../lib/errors.ts';
import { profileSchema } from '../schemas.ts';
import { ownProfile } from '../service/profiles.ts';
import type { AppContext } from '../../../context.ts';

export const getMyProfileRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/profiles/me',
    options: {
      description: "The signed-in person's own profile",
      response: { status: { 200: profileSchema } },
    },
    handler: async (_input, request) => {
      const profile = await ownProfile(context.knex, callerOf(request).userId);
      // A valid token for an account that no longer exists is no session.
      if (!profile) throw new AppError('unauthorized', 'Account not found');
      return profile;
    },
  });
