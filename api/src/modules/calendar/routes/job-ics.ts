import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { jobIcsParams } from '../schemas.ts';
import { jobCalendar } from '../service.ts';

/** "Add to calendar": one job as an .ics file, for its client or provider only (404 otherwise). */
export const jobIcsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/jobs/{id}/ics',
  options: {
    tags: ['api', 'calendar'],
    description: 'One job as an iCalendar file (add to calendar)',
    notes: '404 job_not_found for anyone but its client or provider.',
    validate: { params: jobIcsParams },
  },
  handler: async (request, h) => {
    const { id } = request.params as { id: string };
    const text = await jobCalendar(context, id, callerOf(request).userId);
    return h
      .response(text)
      .type('text/calendar; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="resuelve-${id.slice(0, 8)}.ics"`)
      .header('Cache-Control', 'private, no-store');
  },
});
