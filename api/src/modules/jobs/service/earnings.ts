/**
 * GET /providers/me/earnings.csv (issue 28): a provider's earnings of a year or a month, one row a
 * job, for their taxes: each completed job by the day it ended (its bill's figures, or its total at
 * the rate when it has no bill), and each job whose client owes a fee by its day. The same figures
 * the dashboard adds up (service/stats.ts). Each row ends with the job's payments read back (issue
 * 29, every method): paid, refunded, and the balance of what the client owes left after them. Words in the caller's language (locales receipts.json);
 * amounts as plain decimals ("189.99") so a spreadsheet sums them; UTF-8 with a BOM so Excel reads
 * the accents.
 */
import type { Knex } from 'knex';
import { plainAmount, receiptNumber, type BillStatus, type EarningsExportQuery, type JobFeeKind, type JobStatus, type Locale, type RateUnit } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { csvText } from '../../../lib/csv.ts';
import { forbidden } from '../../../lib/errors.ts';
import { textsWith } from '../../../lib/texts.ts';
import { partyNameSql, priceOf } from '../repository.ts';

interface EarningsRow {
  status: JobStatus;
  day: string;
  title: string;
  category_es: string | null;
  category_en: string | null;
  client_name: string;
  number: number | null;
  subtotal_cents: number | null;
  tax_cents: number | null;
  total_cents: number | null;
  bill_status: BillStatus | null;
  fee_cents: number | null;
  fee_kind: JobFeeKind | null;
  rate_cents_snapshot: number | null;
  rate_unit_snapshot: RateUnit | null;
  scheduled_start: Date;
  scheduled_end: Date;
  actual_hours: number | null;
  paid_cents: number;
  refunded_cents: number;
}

interface CsvTexts {
  date: string;
  receipt: string;
  client: string;
  service: string;
  category: string;
  subtotal: string;
  tax: string;
  total: string;
  fee: string;
  status: string;
  paid: string;
  refunded: string;
  balance: string;
  statuses: Record<BillStatus | 'estimate', string>;
  file_name: string;
}

/** The first day of the period and of the one after, as local dates. */
function periodOf(query: EarningsExportQuery): { from: string; to: string; name: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  if (query.month === undefined) return { from: `${query.year}-01-01`, to: `${query.year + 1}-01-01`, name: String(query.year) };
  const next = query.month === 12 ? `${query.year + 1}-01-01` : `${query.year}-${pad(query.month + 1)}-01`;
  return { from: `${query.year}-${pad(query.month)}-01`, to: next, name: `${query.year}-${pad(query.month)}` };
}

async function earningsRows(db: Knex, providerId: string, from: string, to: string): Promise<EarningsRow[]> {
  const ended = `(coalesce(j.ended_at, j.scheduled_end) AT TIME ZONE pr.timezone)`;
  const started = `(j.scheduled_start AT TIME ZONE pr.timezone)`;
  const { rows } = await db.raw<{ rows: EarningsRow[] }>(
    `SELECT j.status, to_char(CASE WHEN j.status = 'completed' THEN ${ended} ELSE ${started} END, 'YYYY-MM-DD') AS day,
            j.title, c.name_es AS category_es, c.name_en AS category_en, coalesce(${partyNameSql.client}, '') AS client_name,
            b.number, b.subtotal_cents, b.tax_cents, b.total_cents, b.status AS bill_status, j.fee_cents, j.fee_kind,
            j.rate_cents_snapshot, j.rate_unit_snapshot, j.scheduled_start, j.scheduled_end, j.actual_hours,
            pay.paid_cents, pay.refunded_cents
     FROM jobs j
     JOIN providers pr ON pr.id = j.provider_id
     JOIN profiles cp ON cp.id = j.client_id
     LEFT JOIN categories c ON c.id = j.category_id
     LEFT JOIN job_bills b ON b.job_id = j.id
     CROSS JOIN LATERAL (SELECT coalesce(sum(p.amount_cents), 0)::int AS paid_cents, coalesce(sum(p.refunded_cents), 0)::int AS refunded_cents
                         FROM payments p WHERE p.job_id = j.id AND p.status = 'paid') pay
     WHERE j.provider_id = :providerId
       AND ((j.status = 'completed' AND ${ended} >= :from::timestamp AND ${ended} < :to::timestamp)
         OR (j.status <> 'completed' AND j.fee_cents IS NOT NULL AND ${started} >= :from::timestamp AND ${started} < :to::timestamp))
     ORDER BY day, j.scheduled_start, j.id`,
    { providerId, from, to },
  );
  return rows;
}

/** The caller's earnings of the period as CSV, and the file's name. */
export async function earningsCsv(
  context: Pick<AppContext, 'knex' | 'config'>,
  providerId: string,
  query: EarningsExportQuery,
): Promise<{ csv: string; fileName: string }> {
  const me = (await context.knex('providers as pr').join('profiles as p', 'p.id', 'pr.id').where('pr.id', providerId).first('p.language')) as { language: Locale } | undefined;
  if (!me) throw forbidden();
  const locale = me.language;
  const all = (await textsWith(context.config.localesDir, locale, 'receipts', 'csv')) as { csv: CsvTexts; receipt: { fee: Record<JobFeeKind, string> } };
  const texts = all.csv;
  const period = periodOf(query);
  const rows = await earningsRows(context.knex, providerId, period.from, period.to);
  const header = [texts.date, texts.receipt, texts.client, texts.service, texts.category, texts.subtotal, texts.tax, texts.total, texts.fee, texts.status, texts.paid, texts.refunded, texts.balance];
  /** The row's figures, then what was paid, refunded and is left of the total plus the fee. */
  const withPayments = (row: EarningsRow, figures: string[], totalCents: number) => {
    const kept = row.paid_cents - row.refunded_cents;
    const balance = Math.max(0, totalCents + (row.fee_cents ?? 0) - kept);
    return [...figures, plainAmount(row.paid_cents), plainAmount(row.refunded_cents), plainAmount(balance)];
  };
  const lines = rows.map((row) => {
    const category = (locale === 'en' ? row.category_en : row.category_es) ?? '';
    const common = [row.day, row.number === null ? '' : receiptNumber(row.number), row.client_name, row.title, category];
    if (row.status !== 'completed') {
      return withPayments(row, [...common, plainAmount(0), plainAmount(0), plainAmount(0), plainAmount(row.fee_cents ?? 0), all.receipt.fee[row.fee_kind!]], 0);
    }
    if (row.bill_status !== null) {
      const figures = [...common, plainAmount(row.subtotal_cents!), plainAmount(row.tax_cents!), plainAmount(row.total_cents!), plainAmount(row.fee_cents ?? 0), texts.statuses[row.bill_status]];
      return withPayments(row, figures, row.total_cents!);
    }
    // Ended before bills (issue 28): its total at the rate it kept.
    const total = priceOf(row)?.total_cents ?? 0;
    return withPayments(row, [...common, plainAmount(total), plainAmount(0), plainAmount(total), plainAmount(row.fee_cents ?? 0), texts.statuses.estimate], total);
  });
  return { csv: csvText([header, ...lines], { bom: true }), fileName: `${texts.file_name}-${period.name}.csv` };
}
