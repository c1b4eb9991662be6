import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { calendarJobs, calendarMaxDays } from '../service/lists.ts';
import { calendarQuery, jobItems } from '../schemas.ts';

export const calendarJobsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/jobs/list',
    options: {
      description: `Every job of the caller touching [from, to) (at most ${calendarMaxDays} days), for calendars; no pages`,
      validate: { query: calendarQuery },
      response: { status: { 200: jobItems } },
    },
    handler: ({ query }, request) => calendarJobs(context.knex, callerOf(request), query, context.clock.now()),
  });
