import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { jobHistory } from '../service/lifecycle.ts';
import { jobHistory as jobHistorySchema } from '../schemas.ts';

export const jobHistoryRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/jobs/{id}/history',
    options: {
      description: 'Every transition of a job (who, when, from, to), oldest first',
      validate: { params: idParams },
      response: { status: { 200: jobHistorySchema } },
    },
    handler: ({ params }, request) => jobHistory(context, params.id, callerOf(request)),
  });
