import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { noShowPreview } from '../service/no-shows.ts';
import { noShowPreviewSchema } from '../schemas.ts';

export const noShowPreviewRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/jobs/{id}/no-show/preview',
    options: {
      description: "When a no-show may be reported on the job, and the fee the provider's report of the client's absence records now (0 for the client's report)",
      notes: '404 job_not_found for a stranger.',
      validate: { params: idParams },
      response: { status: { 200: noShowPreviewSchema } },
    },
    handler: ({ params }, request) => noShowPreview(context, params.id, callerOf(request)),
  });
