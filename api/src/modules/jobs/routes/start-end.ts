/** The provider's two time-tracking steps on a job: start it on its day, end it with the hours worked. */
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { idempotencyHeaders, idempotencyKeyOf, respondOnce } from '../../../lib/idempotency.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { endJob, startJob } from '../service/lifecycle.ts';
import { emptyBody, jobSchema } from '../schemas.ts';

interface WorkStep {
  path: string;
  description: string;
  act: typeof endJob;
}

const workStepRoute = (context: AppContext, { path, description, act }: WorkStep) =>
  defineRoute({
    method: 'POST',
    path,
    options: {
      description,
      validate: { params: idParams, payload: emptyBody, headers: idempotencyHeaders },
      notes: 'Idempotency-Key: a repeat with the same key changes nothing again and answers the job as it is now (Idempotent-Replayed: true).',
      response: { status: { 200: jobSchema } },
    },
    handler: async ({ params }, request, h) => respondOnce(h, await act(context, params.id, callerOf(request), idempotencyKeyOf(request))),
  });

export const startJobRoute = (context: AppContext) =>
  workStepRoute(context, {
    path: '/api/v1/jobs/{id}/start',
    description: 'The provider starts an upcoming job on its scheduled day (409 not_on_scheduled_day otherwise); time tracking begins',
    act: startJob,
  });

export const endJobRoute = (context: AppContext) =>
  workStepRoute(context, {
    path: '/api/v1/jobs/{id}/end',
    description: 'The provider ends a job in progress; actual hours from start to now, rounded up to quarter hours',
    act: endJob,
  });
