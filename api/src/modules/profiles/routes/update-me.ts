import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { AppError } from '../../../lib/errors.ts';
import { profileChangesSchema, profileSchema } from '../schemas.ts';
import { updateOwnProfile } from '../service/profiles.ts';
import type { AppContext } from '../../../context.ts';

export const updateMyProfileRoute = (context: AppContext) =>
  defineRoute({
    method: 'PATCH',
    path: '/api/v1/profiles/me',
    options: {
      description: 'Change the language preference or names of the signed-in person',
      validate: { payload: profileChangesSchema },
      response: { status: { 200: profileSchema } },
    },
    handler: async ({ payload: changes }, request) => {
      const { knex, clock } = context;
      const profile = await updateOwnProfile(knex, callerOf(request).userId, changes, clock.now());
      if (!profile) throw new AppError('unauthorized', 'Account not found');
      return profile;
    },
  });
