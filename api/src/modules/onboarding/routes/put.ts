import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { progressMaxBytes, progressSchema } from '../schemas.ts';
import { saveProgress } from '../service.ts';

export const putProgressRoute = (context: AppContext) =>
  defineRoute({
    method: 'PUT',
    path: '/api/v1/profiles/me/onboarding',
    options: {
      description: 'Save the onboarding progress (replaces what was saved)',
      notes: `data keys are the step names of the account type, each an object of plain values; at most ${progressMaxBytes} bytes (413 payload_too_large). 409 already_onboarded after finishing.`,
      payload: { maxBytes: progressMaxBytes },
      validate: { payload: progressSchema },
      response: { status: { 200: progressSchema } },
    },
    handler: ({ payload }, request) => saveProgress(context.knex, callerOf(request).userId, payload, context.clock.now()),
  });
