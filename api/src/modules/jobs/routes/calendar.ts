import type { ServerRoute } from '@hapi/hapi';
import type { JobStatus } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { calendarJobs, calendarMaxDays } from '../lists.ts';
import { calendarQuery, jobItems } from '../schemas.ts';

export const calendarJobsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/jobs/list',
  options: {
    tags: ['api', 'jobs'],
    description: `Every job of the caller touching [from, to) (at most ${calendarMaxDays} days), for calendars; no pages`,
    validate: { query: calendarQuery },
    response: { status: { 200: jobItems } },
  },
  handler: (request) => {
    const query = request.query as { from: string; to: string; status?: JobStatus[]; role?: 'client' | 'provider' };
    return calendarJobs(context.knex, callerOf(request), query, context.clock.now());
  },
});
