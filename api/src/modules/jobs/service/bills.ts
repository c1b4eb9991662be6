/**
 * A job's bill (issue 28, contract receipts.ts): made as a draft in the transaction that ends the
 * job, confirmed once by its provider, read by both parties as a receipt. The figures are always
 * `priceLines`'s, stored as it returns them.
 *
 * The draft: the accepted quote version's lines, each `labour_hourly` line taking the worked hours
 * (which include any approved time extension); a quote without an hourly line gets one more hourly
 * line for the approved extensions, at the job's hourly rate snapshot. Without a quote, one labour
 * line at the rate snapshot; without a rate either, no lines, for the provider to fill.
 */
import type { Knex } from 'knex';
import { labourLine, priceLines, quoteLimits, receiptNumber, taxSummaries, type BillStatus, type JobFeeKind, type Locale, type QuoteLine, type QuoteLineInput, type Receipt, type TaxRate } from '@resuelve/contract';
import type { Caller } from '../../../context.ts';
import { AppError, forbidden } from '../../../lib/errors.ts';
import { textsWith } from '../../../lib/texts.ts';
import { isoInZone } from '../../availability/index.ts';
import { jobNotFound, jobViews, lockJob, partyOf, type JobRow, type JobsContext } from '../repository.ts';
import { announce } from './transitions.ts';
import { receiptPayments } from '../repository/deposits.ts';

interface BillRow {
  job_id: string;
  number: number;
  lines: QuoteLine[];
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  status: BillStatus;
  from_quote_version: number | null;
  confirmed_at: Date | null;
  created_at: Date;
}

/** A priced line back to what the provider wrote (the figures are made again by `priceLines`). */
const inputOf = ({ kind, description, quantity, unit_price_cents, tax_rate }: QuoteLine): QuoteLineInput => ({ kind, description, quantity: Number(quantity), unit_price_cents, tax_rate });

/** The words of the line approved extensions add, in the provider's language (locales receipts.json). */
async function extensionDescription(trx: Knex.Transaction, localesDir: string, providerId: string): Promise<string> {
  const profile = (await trx('profiles').where({ id: providerId }).first('language')) as { language: Locale } | undefined;
  const texts = (await textsWith(localesDir, profile?.language ?? 'es', 'receipts', 'bill_lines')) as { bill_lines: { extension: string } };
  return texts.bill_lines.extension;
}

/** The draft's lines and the quote version they came from. */
async function draftLines(trx: Knex.Transaction, localesDir: string, job: JobRow, workedHours: number): Promise<{ lines: QuoteLineInput[]; version: number | null }> {
  const provider = (await trx('providers').where({ id: job.provider_id }).first('default_tax_rate')) as { default_tax_rate: TaxRate } | undefined;
  const tax: TaxRate = provider?.default_tax_rate ?? 'exempt';
  const hourly = job.rate_unit_snapshot === 'hour' && job.rate_cents_snapshot !== null ? job.rate_cents_snapshot : null;
  const accepted = (await trx('quotes as q')
    .join('quote_versions as v', (on) => on.on('v.quote_id', 'q.id').andOn('v.number', 'q.accepted_version'))
    .where({ 'q.job_id': job.id, 'q.status': 'accepted' })
    .first('v.number', 'v.lines')) as { number: number; lines: QuoteLine[] } | undefined;
  if (accepted) {
    const lines = accepted.lines.map((line) => (line.kind === 'labour_hourly' ? { ...inputOf(line), quantity: workedHours } : inputOf(line)));
    if (hourly !== null && !lines.some((line) => line.kind === 'labour_hourly')) {
      const approved = (await trx('job_time_extensions').where({ job_id: job.id, status: 'approved' }).sum({ hours: 'additional_hours' }).first()) as { hours: number | null };
      const hours = Number(approved.hours ?? 0);
      if (hours > 0) {
        lines.push({ kind: 'labour_hourly', description: await extensionDescription(trx, localesDir, job.provider_id), quantity: hours, unit_price_cents: hourly, tax_rate: tax });
      }
    }
    return { lines, version: accepted.number };
  }
  if (job.rate_cents_snapshot !== null && job.rate_unit_snapshot !== null) {
    return { lines: [labourLine(job.title, { amount_cents: job.rate_cents_snapshot, unit: job.rate_unit_snapshot }, workedHours, tax)], version: null };
  }
  return { lines: [], version: null };
}

/** In the transaction that ends `job`: its draft bill (endJob, service/lifecycle.ts). */
export async function draftBillOnEnd(trx: Knex.Transaction, localesDir: string, job: JobRow, workedHours: number, now: Date): Promise<void> {
  const { lines, version } = await draftLines(trx, localesDir, job, workedHours);
  const priced = priceLines(lines);
  await trx('job_bills')
    .insert({
      job_id: job.id,
      lines: JSON.stringify(priced.lines),
      subtotal_cents: priced.subtotal_cents,
      tax_cents: priced.tax_cents,
      total_cents: priced.total_cents,
      status: 'draft',
      from_quote_version: version,
      created_at: now,
      updated_at: now,
    })
    .onConflict('job_id')
    .ignore();
}

/**
 * POST /jobs/{id}/bill: the job's provider confirms its final lines (edited or as drafted). Once
 * confirmed a bill never changes (409 bill_already_confirmed); a job that has not ended has none
 * (409 bill_not_ready). The client is told live (job.changed, action confirm_bill) and by email or SMS.
 */
export async function confirmBill(context: JobsContext, jobId: string, caller: Caller, lines: QuoteLineInput[]): Promise<Receipt> {
  const now = context.clock.now();
  const priced = priceLines(lines);
  if (priced.total_cents > quoteLimits.totalMaxCents) {
    throw new AppError('validation_failed', 'The total passes the largest a bill may have', { details: { lines: 'out_of_range' } });
  }
  const job = await context.knex.transaction(async (trx) => {
    const job = await lockJob(trx, jobId, caller);
    if (partyOf(job, caller.userId) !== 'provider') throw forbidden();
    const bill = (await trx('job_bills').where({ job_id: jobId }).forUpdate().first('status')) as Pick<BillRow, 'status'> | undefined;
    if (!bill) throw new AppError('bill_not_ready', 'The job has no bill until it ends');
    if (bill.status === 'confirmed') throw new AppError('bill_already_confirmed', 'A confirmed bill does not change');
    await trx('job_bills')
      .where({ job_id: jobId })
      .update({
        lines: JSON.stringify(priced.lines),
        subtotal_cents: priced.subtotal_cents,
        tax_cents: priced.tax_cents,
        total_cents: priced.total_cents,
        status: 'confirmed',
        confirmed_at: now,
        updated_at: now,
      });
    return job;
  });
  // No status changes: the event names what happened, so both sides' screens read the total again.
  await announce(context, {
    jobId,
    clientId: job.client_id,
    providerId: job.provider_id,
    from: job.status,
    to: job.status,
    action: 'confirm_bill',
    actor: 'provider',
    actorId: caller.userId,
    at: now,
  });
  return receiptFor(context.knex, jobId, caller);
}

interface ReceiptExtra {
  provider_email: string | null;
  provider_phone: string | null;
  fee_cents: number | null;
  fee_kind: JobFeeKind | null;
}

/** GET /jobs/{id}/receipt: the job's bill as a receipt with its payments, for its two parties only (404 for anyone else, as a job). */
export async function receiptFor(db: Knex, jobId: string, caller: Caller): Promise<Receipt> {
  const job = await jobViews(db).where('j.id', jobId).first();
  if (!job || !partyOf(job, caller.userId)) throw jobNotFound();
  const bill = (await db('job_bills').where({ job_id: jobId }).first()) as BillRow | undefined;
  if (!bill) throw new AppError('receipt_not_found', 'The job has no receipt until it ends');
  const extra = (await db('jobs as j')
    .join('profiles as pp', 'pp.id', 'j.provider_id')
    .leftJoin('users as pu', 'pu.id', 'j.provider_id')
    .where('j.id', jobId)
    .first(
      'pu.email as provider_email',
      db.raw('CASE WHEN pp.phone_verified_at IS NOT NULL THEN pp.phone_number END AS provider_phone'),
      'j.fee_cents',
      'j.fee_kind',
    )) as ReceiptExtra;
  const tz = job.timezone;
  const lines = bill.lines.map((line) => ({ ...inputOf(line), amount_cents: line.amount_cents, tax_cents: line.tax_cents }));
  const fee = extra.fee_cents !== null && extra.fee_kind !== null ? { kind: extra.fee_kind, amount_cents: extra.fee_cents } : null;
  const amountDue = bill.total_cents + (fee?.amount_cents ?? 0);
  return {
    number: receiptNumber(bill.number),
    job_id: jobId,
    status: bill.status,
    issued_at: isoInZone(bill.created_at, tz),
    confirmed_at: bill.confirmed_at ? isoInZone(bill.confirmed_at, tz) : null,
    service_date: isoInZone(job.started_at ?? job.scheduled_start, tz),
    timezone: tz,
    hours: job.actual_hours === null ? null : Number(job.actual_hours),
    from_quote_version: bill.from_quote_version,
    provider: { id: job.provider_id, business_name: job.provider_name, address: job.provider_address, phone: extra.provider_phone, email: extra.provider_email },
    client: { id: job.client_id, name: job.client_name },
    service: { title: job.title, category_id: job.category_id },
    // The figures as stored: the ones the provider confirmed.
    lines,
    taxes: taxSummaries(lines),
    subtotal_cents: bill.subtotal_cents,
    tax_cents: bill.tax_cents,
    total_cents: bill.total_cents,
    fee,
    amount_due_cents: amountDue,
    // What was paid against it (issue 29): the deposit, the rest, other ways; pending; refunded.
    payments: await receiptPayments(db, jobId, amountDue),
  };
}
