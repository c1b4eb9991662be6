import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { finishClientOnboarding } from '../../clients/index.ts';
import { lockAccount, profileSchema, requireNotOnboarded } from '../../profiles/index.ts';
import { finishProviderOnboarding } from '../../providers/index.ts';
import { chosenAccountType } from '../service.ts';

export const completeOnboardingRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/profiles/me/complete-onboarding',
    options: {
      description: 'Finish onboarding for the account type chosen in the saved progress, with the profile saved so far',
      notes:
        'Same checks as the finishing calls of each type: every required field (409 onboarding_incomplete, details field -> required), ' +
        'at least one service for providers, a verified phone (409 phone_not_verified); 409 already_onboarded once finished.',
      response: { status: { 200: profileSchema } },
    },
    handler: (_input, request) => {
      const userId = callerOf(request).userId;
      const now = context.clock.now();
      return context.knex.transaction(async (trx) => {
        requireNotOnboarded(await lockAccount(trx, userId));
        const type = await chosenAccountType(trx, userId);
        return type === 'provider' ? finishProviderOnboarding(trx, userId, now) : finishClientOnboarding(trx, userId, now);
      });
    },
  });
