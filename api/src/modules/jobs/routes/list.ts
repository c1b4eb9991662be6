import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { listJobs, type ListFilters } from '../lists.ts';
import { jobListQuery, jobPage } from '../schemas.ts';

export const listJobsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/jobs',
  options: {
    tags: ['api', 'jobs'],
    description: "The caller's jobs, as client or provider, newest scheduled first (order=asc for soonest first)",
    notes:
      'Filters: status (comma list), role (client|provider), from/to bound scheduled_start (a day is midnight in Puerto Rico, or an instant), q (title, description or the other party\'s name). Keyset pages: next_cursor.',
    validate: { query: jobListQuery },
    response: { status: { 200: jobPage } },
  },
  handler: (request) => listJobs(context.knex, callerOf(request), request.query as unknown as ListFilters, context.clock.now()),
});
