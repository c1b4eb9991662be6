import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { jobSessions } from '../service/lifecycle.ts';
import { jobItems } from '../schemas.ts';

export const jobSessionsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/jobs/{id}/sessions',
    options: {
      description: 'The first job of a series and its continuation sessions, in session order',
      validate: { params: idParams },
      response: { status: { 200: jobItems } },
    },
    handler: ({ params }, request) => jobSessions(context, params.id, callerOf(request)),
  });
