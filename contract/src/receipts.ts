/**
 * Bills and receipts (issue 28): when a provider ends a job, a draft bill is made from the accepted
 * quote version (each `labour_hourly` line takes the worked hours), else one labour line at the
 * job's rate snapshot, else no lines; the provider confirms the final lines once and the bill never
 * changes again. The job's total is its bill's total. A receipt is the bill as both parties read,
 * print and download it (in their language), with the fee the client owes, if any.
 *
 * The figures are made by quotes.ts `priceLines`, the one pricing, and stored as it returns them.
 */
import { numberFormat } from './intl.ts';
import { numberLocale, type Locale } from './locale.ts';
import type { JobFeeKind } from './cancellation.ts';
import type { PricedLines, QuoteLineInput } from './quotes.ts';
import type { ReceiptPayments } from './payments.ts';

export const billStatuses = ['draft', 'confirmed'] as const;
export type BillStatus = (typeof billStatuses)[number];

/** The short form a job carries (`Job.bill`): enough for a job page, a list and the calendar. */
export interface JobBillSummary {
  status: BillStatus;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  /** ISO instant; null while a draft. */
  confirmed_at: string | null;
}

/** `POST /jobs/{id}/bill`: the provider's final lines (the quote's line rules, quotes.ts `quoteLimits`). */
export interface BillConfirmation {
  lines: QuoteLineInput[];
}

/** The fee a client owes on a job (a late cancellation or not being there), recorded, never charged. */
export interface ReceiptFee {
  kind: JobFeeKind;
  amount_cents: number;
}

/** `GET /jobs/{id}/receipt`: for the job's two parties only. */
export interface Receipt extends PricedLines {
  /** "R-000042": the bill's number (receiptNumber). */
  number: string;
  job_id: string;
  status: BillStatus;
  /** When the bill was made (the job ended), ISO 8601 with the provider's zone offset. */
  issued_at: string;
  confirmed_at: string | null;
  /** When the work was done: the job's start, with the provider's zone offset. */
  service_date: string;
  timezone: string;
  /** The worked hours, when recorded. */
  hours: number | null;
  /** The accepted quote version the bill was made from; null when made from the rate or by hand. */
  from_quote_version: number | null;
  provider: { id: string; business_name: string; address: string | null; phone: string | null; email: string | null };
  client: { id: string; name: string };
  service: { title: string; category_id: number | null };
  fee: ReceiptFee | null;
  /** What the client owes in all: the total plus the fee. */
  amount_due_cents: number;
  /** What was paid against it (contract payments.ts): paid, pending and refunded, the balance left, and each payment. */
  payments: ReceiptPayments;
}

/** A receipt's number as printed: "R-" and the bill's sequence number, six digits at least. */
export function receiptNumber(sequence: number): string {
  return `R-${String(sequence).padStart(6, '0')}`;
}

/** An IVU rate as a receipt prints it: "11,5 %" in Spanish, "11.5%" in English (numbers that are not money, locale.ts). */
export function formatTaxRate(basisPoints: number, locale: Locale): string {
  return numberFormat(numberLocale[locale], { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);
}

/** A line's quantity: "1,5" / "1.5", at most two decimals. */
export function formatQuantity(quantity: number, locale: Locale): string {
  return numberFormat(numberLocale[locale], { maximumFractionDigits: 2 }).format(quantity);
}

/** Cents as a plain decimal for a spreadsheet ("189.99", "-5.00"), in whole-number arithmetic. */
export function plainAmount(cents: number): string {
  const size = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(size / 100)}.${String(size % 100).padStart(2, '0')}`;
}

/** One category of this month's earnings (`ProviderStats.month_by_category`), largest first. */
export interface CategoryEarnings {
  /** Null for jobs booked without a category. */
  category_id: number | null;
  jobs: number;
  total_cents: number;
}

/** `GET /providers/me/earnings.csv`: a year, or one month of it. */
export interface EarningsExportQuery {
  year: number;
  month?: number;
}
