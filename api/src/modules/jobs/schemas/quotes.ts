/**
 * joi for quotes, built from contract/src/quotes.ts (`quoteLimits`, one source for each limit).
 * Amounts are whole cents, never negative; a quantity with a third decimal is refused, not rounded.
 * What needs the clock (a valid-until in the future and at most `validDaysMax` days ahead) and the
 * total's cap are checked by the service (service/quotes.ts), which has the app's clock.
 */
import Joi from 'joi';
import {
  quoteActions,
  quoteLimits,
  quoteLineKinds,
  quoteStatuses,
  taxRates,
  type NewConversationQuote,
  type NewQuoteCounter,
  type NewQuoteVersion,
  type QuoteAcceptance,
  type QuoteDecline,
  type QuoteLineInput,
} from '@resuelve/contract';
import { hours, instant } from '../schemas.ts';

const rule = { 'any.rule': '{{#label}} fails the rule {{#rule}}' };

const twoDecimals = (value: number, helpers: Joi.CustomHelpers) =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6 ? value : helpers.error('any.rule', { rule: 'invalid_format' });

const cents = (max: number) => Joi.number().integer().strict().min(0).max(max);

export const quoteLineFields = {
  kind: Joi.string().valid(...quoteLineKinds).required(),
  description: Joi.string().trim().min(quoteLimits.descriptionMinLength).max(quoteLimits.descriptionMaxLength).required(),
  quantity: Joi.number().min(quoteLimits.quantityMin).max(quoteLimits.quantityMax).custom(twoDecimals).messages(rule).required(),
  unit_price_cents: cents(quoteLimits.unitPriceMaxCents).required(),
  tax_rate: Joi.string().valid(...taxRates).required(),
};

export const quoteLineSchema = Joi.object<QuoteLineInput>(quoteLineFields).label('QuoteLineInput');

/** One line at least, `quoteLimits.maxLines` at most. */
export const quoteLinesSchema = Joi.array().items(quoteLineSchema).min(1).max(quoteLimits.maxLines);

const versionFields = {
  lines: quoteLinesSchema.required(),
  hours: hours.required(),
  valid_until: instant.required(),
  note: Joi.string().trim().max(quoteLimits.noteMaxLength).allow('', null),
};

export const newQuoteVersionBody = Joi.object<NewQuoteVersion>(versionFields).label('NewQuoteVersion');

export const newConversationQuoteBody = Joi.object<NewConversationQuote>({
  ...versionFields,
  offer: Joi.object({
    category_id: Joi.number().integer().min(1).max(2_147_483_647).required(),
    title: Joi.string().trim().min(3).max(120).required(),
    scheduled_start: instant.required(),
    location_type: Joi.string().valid('on_site', 'provider_office', 'remote', 'client_location').required(),
    location_address: Joi.when('location_type', {
      is: 'client_location',
      then: Joi.string().trim().min(3).max(300).required(),
      otherwise: Joi.valid(null, ''),
    }),
  }).required(),
}).label('NewConversationQuote');

const versionNumber = Joi.number().integer().strict().min(1).max(10_000);

export const quoteAcceptanceBody = Joi.object<QuoteAcceptance>({ version: versionNumber.required() }).label('QuoteAcceptance');

export const quoteDeclineBody = Joi.object<QuoteDecline>({
  reason: Joi.string().trim().max(quoteLimits.declineReasonMaxLength).allow('').required(),
}).label('QuoteDecline');

export const newQuoteCounterBody = Joi.object<NewQuoteCounter>({
  version: versionNumber.required(),
  message: Joi.string().trim().min(quoteLimits.counterMessageMinLength).max(quoteLimits.counterMessageMaxLength).required(),
  line_numbers: Joi.array().items(Joi.number().integer().min(1).max(quoteLimits.maxLines)).max(quoteLimits.maxLines).unique().default([]),
}).label('NewQuoteCounter');

export const pricedLineSchema = Joi.object({
  ...quoteLineFields,
  amount_cents: Joi.number().integer().required(),
  tax_cents: Joi.number().integer().required(),
}).label('QuoteLine');

export const taxSummarySchema = Joi.object({
  tax_rate: Joi.string().valid(...taxRates).required(),
  basis_points: Joi.number().integer().required(),
  taxable_cents: Joi.number().integer().required(),
  tax_cents: Joi.number().integer().required(),
}).label('TaxSummary');

const quoteVersionSchema = Joi.object({
  number: Joi.number().integer().required(),
  lines: Joi.array().items(pricedLineSchema).required(),
  subtotal_cents: Joi.number().integer().required(),
  tax_cents: Joi.number().integer().required(),
  total_cents: Joi.number().integer().required(),
  taxes: Joi.array().items(taxSummarySchema).required(),
  hours: Joi.number().required(),
  valid_until: Joi.string().required(),
  note: Joi.string().allow(null, '').required(),
  created_at: Joi.string().required(),
  counter: Joi.object({
    message: Joi.string().required(),
    line_numbers: Joi.array().items(Joi.number().integer()).required(),
    created_at: Joi.string().required(),
  })
    .label('QuoteCounter')
    .allow(null)
    .required(),
}).label('QuoteVersion');

export const quoteSchema = Joi.object({
  id: Joi.string().required(),
  job_id: Joi.string().allow(null).required(),
  conversation_id: Joi.string().allow(null).required(),
  provider_id: Joi.string().required(),
  client_id: Joi.string().required(),
  status: Joi.string().valid(...quoteStatuses).required(),
  version: Joi.number().integer().required(),
  versions: Joi.array().items(quoteVersionSchema).required(),
  decline_reason: Joi.string().allow(null, '').required(),
  accepted_version: Joi.number().integer().allow(null).required(),
  accepted_at: Joi.string().allow(null).required(),
  offer: Joi.object({
    category_id: Joi.number().integer().required(),
    title: Joi.string().required(),
    scheduled_start: Joi.string().required(),
    location_type: Joi.string().required(),
    location_address: Joi.string().allow(null).required(),
  })
    .label('QuoteOffer')
    .allow(null)
    .required(),
  allowed_actions: Joi.array().items(Joi.string().valid(...quoteActions)).required(),
  deposit_cents: Joi.number().integer().min(0).required().description('The deposit accepting the newest version asks for now; 0 for none'),
  created_at: Joi.string().required(),
  updated_at: Joi.string().required(),
}).label('Quote');

export const quoteItems = Joi.object({ items: Joi.array().items(quoteSchema).required() }).label('Quotes');
