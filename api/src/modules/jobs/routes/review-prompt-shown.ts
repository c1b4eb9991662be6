import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { markReviewPromptShown } from '../service/lifecycle.ts';
import { emptyBody, jobSchema } from '../schemas.ts';

export const reviewPromptShownRoute = (context: AppContext) =>
  defineRoute({
    method: 'PATCH',
    path: '/api/v1/jobs/{id}/review-prompt-shown',
    options: {
      description: "The job's client saw the review prompt; it is not offered again",
      validate: { params: idParams, payload: emptyBody },
      response: { status: { 200: jobSchema } },
    },
    handler: ({ params }, request) => markReviewPromptShown(context, params.id, callerOf(request)),
  });
