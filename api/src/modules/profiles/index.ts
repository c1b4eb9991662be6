/** Profiles as a hapi plugin: one's own (read and change) and others' public fields. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { getProfileRoute } from './routes/get-by-id.ts';
import { getMyProfileRoute } from './routes/get-me.ts';
import { updateMyProfileRoute } from './routes/update-me.ts';
import { registerRoutes } from '../../lib/route.ts';

export const profilesModule: Plugin<AppContext> = {
  name: 'profiles-module',
  register(server, context) {
    // /profiles/me is a literal path, so hapi matches it before /profiles/{id}.
    registerRoutes(server, context, ['api', 'profiles'], [getMyProfileRoute, updateMyProfileRoute, getProfileRoute]);
  },
};

export { languageOf, ProfileRow, partyNameSql, personNameSql, writeProgress, type AccountState, type OnboardingProgress } from './repository.ts';
export { displayNameOf, grantAdmin, ownProfile } from './service/profiles.ts';
export {
  lockAccount,
  markOnboarded,
  readAccount,
  requireComplete,
  requireNotOnboarded,
  requireVerifiedPhone,
} from './service/account-state.ts';
export { profileSchema } from './schemas.ts';
