import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { profileSchema } from '../../profiles/schemas.ts';
import { completeOnboardingSchema } from '../schemas.ts';
import { completeProviderOnboarding, type ProviderOnboarding } from '../service.ts';

export const completeOnboardingRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/providers/complete-onboarding',
  options: {
    tags: ['api', 'providers'],
    description: 'Save the whole provider profile and its services and finish onboarding as a provider',
    notes: '409 phone_not_verified without a verified phone; 409 already_onboarded once finished. Answers the Profile.',
    validate: { payload: completeOnboardingSchema },
    response: { status: { 200: profileSchema } },
  },
  handler: (request) =>
    completeProviderOnboarding(context.knex, callerOf(request).userId, request.payload as ProviderOnboarding, context.clock.now()),
});
