import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { profileSchema } from '../../profiles/index.ts';
import { completeOnboardingSchema } from '../schemas.ts';
import { completeProviderOnboarding } from '../service/providers.ts';

export const completeOnboardingRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/providers/complete-onboarding',
    options: {
      description: 'Save the whole provider profile and its services and finish onboarding as a provider',
      notes: '409 phone_not_verified without a verified phone; 409 already_onboarded once finished. Answers the Profile.',
      validate: { payload: completeOnboardingSchema },
      response: { status: { 200: profileSchema } },
    },
    handler: ({ payload }, request) => completeProviderOnboarding(context.knex, callerOf(request).userId, payload, context.clock.now()),
  });
