import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { listJobs } from '../service/lists.ts';
import { jobListQuery, jobPage } from '../schemas.ts';

export const listJobsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/jobs',
    options: {
      description: "The caller's jobs, as client or provider, newest scheduled first (order=asc for soonest first)",
      notes:
        'Filters: status (comma list), role (client|provider), from/to bound scheduled_start (a day is midnight in Puerto Rico, or an instant), q (title, description or the other party\'s name). Keyset pages: next_cursor.',
      validate: { query: jobListQuery },
      response: { status: { 200: jobPage } },
    },
    handler: ({ query }, request) => listJobs(context.knex, callerOf(request), query, context.clock.now()),
  });
