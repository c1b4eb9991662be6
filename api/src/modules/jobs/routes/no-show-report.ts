import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { reportNoShow } from '../service/no-shows.ts';
import { jobSchema, noShowReportBody } from '../schemas.ts';

export const reportNoShowRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/jobs/{id}/no-show',
    options: {
      description:
        "A party of an upcoming job reports a no-show, from 15 minutes after its start: the provider marks the client absent (the job → cancelled_by_client, the policy's late fee recorded as client_no_show) or the client reports the provider did not come (the job → cancelled, no fee)",
      notes: '409 no_show_too_early before start + 15 minutes; 409 no_show_already_reported; 409 invalid_transition once started or finished; 404 job_not_found for a stranger.',
      validate: { params: idParams, payload: noShowReportBody },
      response: { status: { 200: jobSchema } },
    },
    handler: ({ params, payload }, request) => reportNoShow(context, params.id, callerOf(request), payload),
  });
