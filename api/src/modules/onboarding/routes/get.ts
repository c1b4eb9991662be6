import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { progressSchema } from '../schemas.ts';
import { getProgress } from '../service.ts';

export const getProgressRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/profiles/me/onboarding',
    options: {
      description: 'The onboarding progress saved so far: account type, current step and the answers per step',
      response: { status: { 200: progressSchema } },
    },
    handler: (_input, request) => getProgress(context.knex, callerOf(request).userId),
  });
