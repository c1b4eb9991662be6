/** Onboarding as a hapi plugin: progress saved per step, and finishing for the chosen account type. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { completeOnboardingRoute } from './routes/complete.ts';
import { getProgressRoute } from './routes/get.ts';
import { putProgressRoute } from './routes/put.ts';
import { registerRoutes } from '../../lib/route.ts';

export const onboardingModule: Plugin<AppContext> = {
  name: 'onboarding',
  register(server, context) {
    registerRoutes(server, context, ['api', 'onboarding'], [getProgressRoute, putProgressRoute, completeOnboardingRoute]);
  },
};
