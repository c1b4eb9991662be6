import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { reviewSchema } from '../schemas.ts';
import { reviewOfJob } from '../service.ts';

export const jobReviewRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/jobs/{id}/review',
    options: {
      description: "A completed job's review (one per job), for the job's client or provider",
      notes: '404 review_not_found when the job has none; 404 job_not_found for a job that is not the caller\'s.',
      validate: { params: idParams },
      response: { status: { 200: reviewSchema } },
    },
    handler: ({ params }, request) => reviewOfJob(context.knex, params.id, callerOf(request)),
  });
