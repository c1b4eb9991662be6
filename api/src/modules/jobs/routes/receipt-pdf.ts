import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { receiptPdfFor } from '../service/receipt-pdf.ts';
import { receiptPdfQuery } from '../schemas/bills.ts';

export const receiptPdfRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/jobs/{id}/receipt.pdf',
    options: {
      description: "The job's receipt as a PDF to download or print, in Spanish or English (lang; the caller's language when left out)",
      notes: '404 job_not_found for anyone but the two parties; 404 receipt_not_found before the job ends.',
      validate: { params: idParams, query: receiptPdfQuery },
    },
    handler: async ({ params, query }, request, h) => {
      const { pdf, fileName } = await receiptPdfFor(context, params.id, callerOf(request), query.lang);
      return h
        .response(pdf)
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store');
    },
  });
