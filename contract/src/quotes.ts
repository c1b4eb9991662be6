/**
 * Quotes (issue 28): a provider answers a request with priced lines; the client accepts, declines
 * or counter-offers; the provider revises, and every version is kept. A job's final bill uses the
 * same lines. The arithmetic here is the only copy: the api stores what `priceLines` returns, the
 * ui shows the same figures while the provider types, and tests check both against it.
 *
 * Tax is Puerto Rico's IVU (sales and use tax), computed per line: a line's tax is its amount times
 * the line's rate, rounded to the cent by money.ts's one rule (half away from zero). A quote's
 * total is the sum of its rounded line amounts plus the sum of its rounded line taxes, so the
 * figures a client reads always add up to the total, to the cent.
 *
 * The rates a provider picks from, per line: 11.5 % (the state's 10.5 % and the municipality's
 * 1 %, on most services to consumers), 4 % (designated professional services and services to
 * businesses) and exempt. Rates are kept in basis points (1150 = 11.5 %), whole numbers.
 */
import { divideRounded, sumCents } from './money.ts';

export const taxRates = ['standard', 'reduced', 'exempt'] as const;
export type TaxRate = (typeof taxRates)[number];

/** Each rate in basis points (hundredths of a percent). */
export const taxRateBasisPoints: Record<TaxRate, number> = { standard: 1150, reduced: 400, exempt: 0 };

/**
 * What a line is: labour by the hour (quantity = hours, unit price = the hourly rate; the line a
 * job's worked time adjusts), labour at a fixed price, materials, or anything else (a trip fee).
 */
export const quoteLineKinds = ['labour_hourly', 'labour_fixed', 'material', 'other'] as const;
export type QuoteLineKind = (typeof quoteLineKinds)[number];

export const quoteLimits = {
  maxLines: 50,
  descriptionMinLength: 2,
  descriptionMaxLength: 200,
  /** Quantities have at most two decimals (hours in quarters: 1.25, 2.5). */
  quantityDecimals: 2,
  quantityMin: 0.01,
  quantityMax: 9999,
  /** $100,000 a unit at most; $0 is a free line. */
  unitPriceMaxCents: 10_000_000,
  /** A quote's total can not pass $1,000,000. */
  totalMaxCents: 100_000_000,
  noteMaxLength: 1000,
  counterMessageMinLength: 5,
  counterMessageMaxLength: 1000,
  declineReasonMaxLength: 500,
  /** A quote stays valid this many days unless the provider picks another date. */
  validDaysDefault: 7,
  validDaysMax: 60,
} as const;

/** A line as the provider writes it. */
export interface QuoteLineInput {
  kind: QuoteLineKind;
  description: string;
  quantity: number;
  unit_price_cents: number;
  tax_rate: TaxRate;
}

/** A priced line: its amount (quantity × unit price) and its IVU, each rounded to the cent. */
export interface QuoteLine extends QuoteLineInput {
  amount_cents: number;
  tax_cents: number;
}

/** The IVU of one rate over the lines taxed at it, as a receipt lists it. */
export interface TaxSummary {
  tax_rate: TaxRate;
  basis_points: number;
  taxable_cents: number;
  tax_cents: number;
}

export interface QuoteTotals {
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  /** One entry per rate that has a taxed line (exempt lines are not listed). */
  taxes: TaxSummary[];
}

export interface PricedLines extends QuoteTotals {
  lines: QuoteLine[];
}

/** A quantity in hundredths (2.5 → 250); throws when it has more than two decimals. */
export function quantityHundredths(quantity: number): number {
  const hundredths = Math.round(quantity * 100);
  if (!Number.isFinite(quantity) || Math.abs(quantity * 100 - hundredths) > 1e-6) {
    throw new RangeError(`quantity must have at most two decimals, got ${quantity}`);
  }
  return hundredths;
}

/** A line's amount: quantity × unit price, rounded to the cent. */
export function lineAmountCents(line: Pick<QuoteLineInput, 'quantity' | 'unit_price_cents'>): number {
  return divideRounded(quantityHundredths(line.quantity) * line.unit_price_cents, 100);
}

/** The IVU of an amount at a rate, rounded to the cent. */
export function taxCents(amountCents: number, rate: TaxRate): number {
  return divideRounded(amountCents * taxRateBasisPoints[rate], 10_000);
}

/** Prices every line and adds them up (the one way a quote's or a bill's figures are made). */
export function priceLines(inputs: readonly QuoteLineInput[]): PricedLines {
  const lines = inputs.map((input) => {
    const amount = lineAmountCents(input);
    return { ...input, amount_cents: amount, tax_cents: taxCents(amount, input.tax_rate) };
  });
  const subtotal = sumCents(lines.map((line) => line.amount_cents));
  const tax = sumCents(lines.map((line) => line.tax_cents));
  return { lines, subtotal_cents: subtotal, tax_cents: tax, total_cents: subtotal + tax, taxes: taxSummaries(lines) };
}

/** The IVU by rate of priced lines (their own rounded figures, summed), as a receipt lists it; also for lines read back from storage. */
export function taxSummaries(lines: readonly QuoteLine[]): TaxSummary[] {
  const taxes: TaxSummary[] = [];
  for (const rate of taxRates) {
    const taxed = lines.filter((line) => line.tax_rate === rate);
    if (rate === 'exempt' || taxed.length === 0) continue;
    taxes.push({
      tax_rate: rate,
      basis_points: taxRateBasisPoints[rate],
      taxable_cents: sumCents(taxed.map((line) => line.amount_cents)),
      tax_cents: sumCents(taxed.map((line) => line.tax_cents)),
    });
  }
  return taxes;
}

/** The one line "accept with estimated hours" becomes: the hours at an hourly rate, or one visit. */
export function labourLine(description: string, rate: { amount_cents: number; unit: 'hour' | 'visit' }, hours: number, tax: TaxRate): QuoteLineInput {
  return rate.unit === 'hour'
    ? { kind: 'labour_hourly', description, quantity: hours, unit_price_cents: rate.amount_cents, tax_rate: tax }
    : { kind: 'labour_fixed', description, quantity: 1, unit_price_cents: rate.amount_cents, tax_rate: tax };
}

/**
 * A negotiation's state. `sent`: the newest version waits for the client; `countered`: the client
 * questioned it and the provider may revise; `accepted`, `declined`, `expired` (its valid-until
 * passed unanswered) and `withdrawn` (the job was cancelled, declined or expired) are final.
 */
export const quoteStatuses = ['sent', 'countered', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/** What the viewer may do now, listed by the api like a job's `allowed_actions`. */
export const quoteActions = ['accept', 'decline', 'counter', 'revise'] as const;
export type QuoteAction = (typeof quoteActions)[number];

/** The client's counter-offer to one version: their words and the lines (1-based) they question. */
export interface QuoteCounter {
  message: string;
  line_numbers: number[];
  created_at: string;
}

/** One version of a quote, as sent; versions are never changed, a revision adds one. */
export interface QuoteVersion extends PricedLines {
  number: number;
  /** The time the job holds once accepted, in hours (quarter hours, jobs.ts limits). */
  hours: number;
  /** ISO instant after which the version can no longer be accepted. */
  valid_until: string;
  note: string | null;
  created_at: string;
  counter: QuoteCounter | null;
}

export interface Quote {
  id: string;
  /** The job it prices; for a quote sent in a conversation, null until the client accepts it. */
  job_id: string | null;
  conversation_id: string | null;
  provider_id: string;
  client_id: string;
  status: QuoteStatus;
  /** The newest version's number (versions count from 1). */
  version: number;
  /** Every version, oldest first. */
  versions: QuoteVersion[];
  decline_reason: string | null;
  accepted_version: number | null;
  accepted_at: string | null;
  /** For a quote from a conversation: the job it offers (time, service, place). */
  offer: QuoteOffer | null;
  allowed_actions: QuoteAction[];
  /**
   * The deposit accepting the newest version asks for now (contract payments.ts `depositFor`): the
   * provider's rule for the job's (or the offer's) service over the version's total, when the
   * provider has a connected payment account; 0 for none. Accepted with a deposit, the job stays
   * pending until it is paid (`Job.deposit`).
   */
  deposit_cents: number;
  created_at: string;
  updated_at: string;
}

/** What a quote sent in a conversation offers to book, once accepted. */
export interface QuoteOffer {
  category_id: number;
  title: string;
  scheduled_start: string;
  location_type: 'on_site' | 'provider_office' | 'remote' | 'client_location';
  location_address: string | null;
}

/** The short form a job carries (`Job.quote`): enough for a card, a list and the calendar. */
export interface QuoteSummary {
  id: string;
  status: QuoteStatus;
  version: number;
  total_cents: number;
  valid_until: string;
}

/** `POST /jobs/{id}/quote` (the first version or a revision) and the body of a conversation quote. */
export interface NewQuoteVersion {
  lines: QuoteLineInput[];
  hours: number;
  valid_until: string;
  note?: string | null;
}

/** `POST /conversations/{id}/quote`: a quote before any booking. */
export interface NewConversationQuote extends NewQuoteVersion {
  offer: Omit<QuoteOffer, 'location_address'> & { location_address?: string | null };
}

/** `POST /quotes/{id}/accept`: names the version the client read, so a revision in between is refused. */
export interface QuoteAcceptance {
  version: number;
}

export interface QuoteDecline {
  reason: string;
}

export interface NewQuoteCounter {
  version: number;
  message: string;
  line_numbers?: number[];
}
