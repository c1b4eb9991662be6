/**
 * Bills and receipts as the ui reads and changes them (contract receipts.ts): a job's receipt
 * (under the job's keys, so a job.changed event, `confirm_bill` included, refreshes it on both
 * sides), the provider's confirmation of the final lines, and the files: the receipt's PDF in a
 * language and the provider's earnings CSV for a month or a year.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Locale, QuoteLineInput, Receipt } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { downloadApiFile } from '../../lib/download.ts';
import { jobKeys } from '../job/api.ts';

export type { Receipt };

const byId = (id: string) => encodeURIComponent(id);

export const receiptQueries = {
  /** GET /jobs/{id}/receipt: 404 receipt_not_found until the job ends. */
  detail: (jobId: string) =>
    queryOptions({
      queryKey: [...jobKeys.all, 'receipt', jobId] as const,
      queryFn: ({ signal }) => apiFetch<Receipt>(`/jobs/${byId(jobId)}/receipt`, { signal }),
    }),
};

/** POST /jobs/{id}/bill: the provider's final lines; answers the confirmed receipt. */
export function confirmBill(jobId: string, lines: QuoteLineInput[]): Promise<Receipt> {
  return apiFetch<Receipt>(`/jobs/${byId(jobId)}/bill`, { method: 'POST', body: { lines } });
}

/** The receipt as a PDF in `locale`, saved as "recibo-R-000042.pdf". */
export function downloadReceiptPdf(receipt: Pick<Receipt, 'job_id' | 'number'>, locale: Locale, fileWord: string): Promise<void> {
  return downloadApiFile(`/jobs/${byId(receipt.job_id)}/receipt.pdf?lang=${locale}`, `${fileWord}-${receipt.number}.pdf`);
}

/** The provider's earnings of a month (1–12) or a whole year as CSV. */
export function downloadEarningsCsv(year: number, month: number | null, fileWord: string): Promise<void> {
  const query = new URLSearchParams({ year: String(year), ...(month ? { month: String(month) } : {}) });
  const name = month ? `${year}-${String(month).padStart(2, '0')}` : String(year);
  return downloadApiFile(`/providers/me/earnings.csv?${query.toString()}`, `${fileWord}-${name}.csv`);
}
