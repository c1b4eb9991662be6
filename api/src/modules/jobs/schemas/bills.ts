/**
 * joi for bills, receipts and the earnings export (contract receipts.ts). A bill's lines follow the
 * quote's line rules (schemas/quotes.ts); the total's cap is checked by the service (service/bills.ts).
 */
import Joi from 'joi';
import { billStatuses, jobFeeKinds, taxRates, type BillConfirmation, type EarningsExportQuery, type Locale } from '@resuelve/contract';
import { quoteLineFields, quoteLinesSchema } from './quotes.ts';
import { receiptPaymentsSchema } from './deposits.ts';

/** POST /jobs/{id}/bill: the provider's final lines. */
export const billConfirmationBody = Joi.object<BillConfirmation>({ lines: quoteLinesSchema.required() }).label('BillConfirmation');

const cents = Joi.number().integer().required();

const pricedLineSchema = Joi.object({ ...quoteLineFields, amount_cents: cents, tax_cents: cents }).label('QuoteLine');

const taxSummarySchema = Joi.object({
  tax_rate: Joi.string().valid(...taxRates).required(),
  basis_points: cents,
  taxable_cents: cents,
  tax_cents: cents,
}).label('TaxSummary');

export const receiptSchema = Joi.object({
  number: Joi.string().required(),
  job_id: Joi.string().required(),
  status: Joi.string().valid(...billStatuses).required(),
  issued_at: Joi.string().required(),
  confirmed_at: Joi.string().allow(null).required(),
  service_date: Joi.string().required(),
  timezone: Joi.string().required(),
  hours: Joi.number().allow(null).required(),
  from_quote_version: Joi.number().integer().allow(null).required(),
  provider: Joi.object({
    id: Joi.string().required(),
    business_name: Joi.string().allow('').required(),
    address: Joi.string().allow(null).required(),
    phone: Joi.string().allow(null).required(),
    email: Joi.string().allow(null).required(),
  }).required(),
  client: Joi.object({ id: Joi.string().required(), name: Joi.string().allow('').required() }).required(),
  service: Joi.object({ title: Joi.string().required(), category_id: Joi.number().integer().allow(null).required() }).required(),
  lines: Joi.array().items(pricedLineSchema).required(),
  taxes: Joi.array().items(taxSummarySchema).required(),
  subtotal_cents: cents,
  tax_cents: cents,
  total_cents: cents,
  fee: Joi.object({ kind: Joi.string().valid(...jobFeeKinds).required(), amount_cents: cents }).allow(null).required(),
  amount_due_cents: cents,
  payments: receiptPaymentsSchema.required(),
}).label('Receipt');

/** GET /jobs/{id}/receipt.pdf: the language to print in (the caller's own when left out). */
export const receiptPdfQuery = Joi.object<{ lang?: Locale }>({ lang: Joi.string().valid('es', 'en') });

/** GET /providers/me/earnings.csv: a year (2000–2100), or one month of it. */
export const earningsExportQuery = Joi.object<EarningsExportQuery>({
  year: Joi.number().integer().min(2000).max(2100).required(),
  month: Joi.number().integer().min(1).max(12),
});
