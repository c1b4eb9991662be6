import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { markReviewPromptShown } from '../service.ts';
import { jobIdParams, jobSchema } from '../schemas.ts';

export const reviewPromptShownRoute = (context: AppContext): ServerRoute => ({
  method: 'PATCH',
  path: '/api/v1/jobs/{id}/review-prompt-shown',
  options: {
    tags: ['api', 'jobs'],
    description: "The job's client saw the review prompt; it is not offered again",
    validate: { params: jobIdParams, payload: Joi.object({}).allow(null) },
    response: { status: { 200: jobSchema } },
  },
  handler: (request) => markReviewPromptShown(context, (request.params as { id: string }).id, callerOf(request)),
});
