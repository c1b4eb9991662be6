/**
 * A provider's stated rate (decision record 0028): what a client sees on the card, the profile and
 * the booking summary. An amount in whole cents, per hour or per visit, optionally a starting price
 * ("from $45 an hour"). The api's joi and the ui's form both check it here.
 */
import type { FieldErrorCode } from './errors.ts';
import { hoursToMinutes, priceForMinutes } from './money.ts';

export const rateUnits = ['hour', 'visit'] as const;
export type RateUnit = (typeof rateUnits)[number];

export interface ProviderRate {
  amount_cents: number;
  unit: RateUnit;
  /** A starting price: the job may cost more ("from $45 an hour"). */
  from: boolean;
}

export const rateLimits = {
  /** $1.00: a rate of nothing is no rate (leave it empty instead). */
  amountCentsMin: 100,
  /** $5,000.00 an hour or a visit: past it a price belongs in a quote, not on a card. */
  amountCentsMax: 500_000,
} as const;

/** An amount in cents: whole, between the limits. */
export function checkRateAmountCents(cents: number): FieldErrorCode | null {
  if (!Number.isInteger(cents)) return 'invalid_type';
  return cents < rateLimits.amountCentsMin || cents > rateLimits.amountCentsMax ? 'out_of_range' : null;
}

/**
 * The amount a person typed ("45", "$45", "45.50", "1,200") in cents; null for empty text;
 * NaN for text that is no amount (letters, three decimals, negative).
 */
export function parseRateAmount(text: string): number | null {
  const flat = text.replace(/[\s$,]/g, '');
  if (!flat) return null;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(flat)) return Number.NaN;
  return Math.round(Number(flat) * 100);
}

/** What the form says about a typed amount: null when it is fine or empty. */
export function checkRateAmountText(text: string): FieldErrorCode | null {
  const cents = parseRateAmount(text);
  if (cents === null) return null;
  if (Number.isNaN(cents)) return 'invalid_format';
  return checkRateAmountCents(cents);
}

/**
 * The price of a booking as the summary shows it: an hourly rate times the service's hours is an
 * estimate (priced by money.ts, the one rounding rule); a visit rate is the price of the visit;
 * without hours an hourly rate stays "from".
 */
export function estimateCents(rate: ProviderRate, hours: number | null): { cents: number; from: boolean; perHour: boolean } {
  if (rate.unit === 'visit') return { cents: rate.amount_cents, from: rate.from, perHour: false };
  if (hours === null || !(hours > 0)) return { cents: rate.amount_cents, from: true, perHour: true };
  return { cents: priceForMinutes(hoursToMinutes(hours), rate.amount_cents), from: rate.from, perHour: false };
}
