import type { ServerRoute } from '@hapi/hapi';
import { callerOf } from '../../../lib/caller.ts';
import { AppError } from '../../../lib/errors.ts';
import { profileChangesSchema, profileSchema } from '../schemas.ts';
import { updateOwnProfile, type ProfileChanges } from '../service.ts';
import type { AppContext } from '../../../context.ts';

export const updateMyProfileRoute = (context: AppContext): ServerRoute => ({
  method: 'PATCH',
  path: '/api/v1/profiles/me',
  options: {
    tags: ['api', 'profiles'],
    description: 'Change the language preference or names of the signed-in person',
    validate: { payload: profileChangesSchema },
    response: { status: { 200: profileSchema } },
  },
  handler: async (request) => {
    const { knex, clock } = context;
    const changes = request.payload as ProfileChanges;
    const profile = await updateOwnProfile(knex, callerOf(request).userId, changes, clock.now());
    if (!profile) throw new AppError('unauthorized', 'Account not found');
    return profile;
  },
});
