import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { exportQuery } from '../schemas.ts';
import { exportSignups } from '../service.ts';
import { adminNotes, adminRoute } from './list-signups.ts';

export const exportSignupsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/waitlist/signups/export',
    options: {
      ...adminRoute,
      description: 'The filtered waitlist signups as a CSV file (UTF-8, comma separated, a header row)',
      notes: `${adminNotes} Cells that would start a spreadsheet formula begin with an apostrophe.`,
      validate: { query: exportQuery },
    },
    handler: async ({ query }, _request, h) => {
      const csv = await exportSignups(context.knex, query);
      const day = context.clock.now().toISOString().slice(0, 10);
      return h
        .response(csv)
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="waitlist-${day}.csv"`)
        .header('Cache-Control', 'no-store');
    },
  });
