import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { idParams } from '../../../lib/validation.ts';
import { jobCalendar } from '../service/calendars.ts';

/** "Add to calendar": one job as an .ics file, for its client or provider only (404 otherwise). */
export const jobIcsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/jobs/{id}/ics',
    options: {
      description: 'One job as an iCalendar file (add to calendar)',
      notes: '404 job_not_found for anyone but its client or provider.',
      validate: { params: idParams },
    },
    handler: async ({ params }, request, h) => {
      const { id } = params;
      const text = await jobCalendar(context, id, callerOf(request).userId);
      return h
        .response(text)
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="resuelve-${id.slice(0, 8)}.ics"`)
        .header('Cache-Control', 'private, no-store');
    },
  });
