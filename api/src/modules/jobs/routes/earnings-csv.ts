import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { earningsCsv } from '../service/earnings.ts';
import { earningsExportQuery } from '../schemas/bills.ts';

export const earningsCsvRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/me/earnings.csv',
    options: {
      description: "The signed-in provider's earnings of a year or a month as CSV for taxes: one row a job (date, receipt, client, service, category, subtotal, IVU, total, fee, status)",
      notes: "403 for an account that is not a provider. UTF-8 with a BOM; the header and statuses in the provider's language.",
      validate: { query: earningsExportQuery },
    },
    handler: async ({ query }, request, h) => {
      const { csv, fileName } = await earningsCsv(context, callerOf(request).userId, query);
      return h
        .response(csv)
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store');
    },
  });
