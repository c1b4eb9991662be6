import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { cancellationPreview } from '../service/cancellation.ts';
import { cancellationPreviewSchema } from '../schemas.ts';

export const cancellationPreviewRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/jobs/{id}/cancellation',
    options: {
      description: "What the job's client cancelling now costs under the provider's policy, before they confirm",
      notes: 'Send the fee_cents read here as expected_fee_cents with PATCH cancel: a different fee then is 409 cancellation_fee_changed. 403 forbidden for the provider (their cancel is always free); 404 job_not_found for anyone else.',
      validate: { params: idParams },
      response: { status: { 200: cancellationPreviewSchema } },
    },
    handler: ({ params }, request) => cancellationPreview(context, params.id, callerOf(request)),
  });
