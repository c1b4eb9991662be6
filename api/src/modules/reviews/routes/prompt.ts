import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { reviewPromptSchema } from '../schemas.ts';
import { reviewPrompt } from '../service.ts';

export const reviewPromptRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/reviews/prompt',
    options: {
      description: "The completed job the client is asked to review now: newest first, prompt not shown yet, the job not reviewed (null when none)",
      notes: 'PATCH /jobs/{id}/review-prompt-shown marks it shown, so it is asked once.',
      response: { status: { 200: reviewPromptSchema } },
    },
    handler: (_input, request) => reviewPrompt(context.knex, callerOf(request)),
  });
