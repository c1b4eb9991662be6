import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { idempotencyHeaders, idempotencyKeyOf, respondOnce } from '../../../lib/idempotency.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { endJob } from '../service/lifecycle.ts';
import { emptyBody, jobSchema } from '../schemas.ts';

export const endJobRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/jobs/{id}/end',
    options: {
      tags: ['api', 'jobs'],
      description: 'The provider ends a job in progress; actual hours from start to now, rounded up to quarter hours',
      validate: { params: idParams, payload: emptyBody, headers: idempotencyHeaders },
      notes: 'Idempotency-Key: a repeat with the same key changes nothing again and answers the job as it is now (Idempotent-Replayed: true).',
      response: { status: { 200: jobSchema } },
    },
    handler: async ({ params }, request, h) => respondOnce(h, await endJob(context, params.id, callerOf(request), idempotencyKeyOf(request))),
  });
