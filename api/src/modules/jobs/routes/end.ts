import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { endJob } from '../service.ts';
import { jobIdParams, jobSchema } from '../schemas.ts';

export const endJobRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/jobs/{id}/end',
  options: {
    tags: ['api', 'jobs'],
    description: 'The provider ends a job in progress; actual hours from start to now, rounded up to quarter hours',
    validate: { params: jobIdParams, payload: Joi.object({}).allow(null) },
    response: { status: { 200: jobSchema } },
  },
  handler: (request) => endJob(context, (request.params as { id: string }).id, callerOf(request)),
});
