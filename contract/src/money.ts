/**
 * Money, in one place: amounts are whole US cents (integers, as Stripe keeps amounts in the
 * smallest unit), and every price the product shows or stores is made here from a provider's one
 * rate (the public rate of rates.ts, decision record 0028). The api stores what these return; the
 * ui shows it with `formatMoney`. A later quote (line items, IVU) adds its lines with `sumCents`.
 *
 * The one rounding rule: an amount that falls between two cents is rounded half away from zero to
 * the cent (12.5 cents → 13, -12.5 → -13), in integer arithmetic, so no float ever reaches a stored
 * amount and the same inputs give the same cents on the server, in the browser and in SQL backfills.
 *
 * How money reads: Puerto Rico writes US dollars the US way in both languages ("$1,234.50", as the
 * rate on cards already reads "desde $65 la hora"); whole dollars drop the cents ("$65").
 */
import { intlLocale, type Locale } from './locale.ts';
import { numberFormat } from './intl.ts';
import type { ProviderRate, RateUnit } from './rates.ts';

/** The rate a job keeps from the moment it is accepted (its snapshot): later rate changes leave it as it was. */
export interface RateSnapshot {
  amount_cents: number;
  unit: RateUnit;
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be whole cents, got ${value}`);
}

/** `numerator / denominator` rounded half away from zero, for whole numbers (denominator > 0). */
export function divideRounded(numerator: number, denominator: number): number {
  assertCents(numerator, 'numerator');
  if (!Number.isSafeInteger(denominator) || denominator <= 0) throw new RangeError(`denominator must be a positive whole number, got ${denominator}`);
  const sign = numerator < 0 ? -1 : 1;
  const size = Math.abs(numerator);
  const whole = Math.floor(size / denominator);
  const rest = size - whole * denominator;
  return sign * (rest * 2 >= denominator ? whole + 1 : whole);
}

/** The price of `minutes` of work at `centsPerHour`: minutes × cents an hour ÷ 60, by the one rounding rule. */
export function priceForMinutes(minutes: number, centsPerHour: number): number {
  assertCents(minutes, 'minutes');
  assertCents(centsPerHour, 'centsPerHour');
  return divideRounded(minutes * centsPerHour, 60);
}

/** Whole minutes of a span of hours (1.75 h → 105); quarter-hour durations are always whole. */
export function hoursToMinutes(hours: number): number {
  return Math.round(hours * 60);
}

/** A job's price at a rate: an hourly rate times the minutes, a visit rate once whatever the time. */
export function priceAtRate(rate: RateSnapshot, minutes: number): number {
  return rate.unit === 'visit' ? rate.amount_cents : priceForMinutes(minutes, rate.amount_cents);
}

/** The snapshot a job keeps of a stated rate (or none when the provider states no rate). */
export function snapshotOf(rate: Pick<ProviderRate, 'amount_cents' | 'unit'> | null): RateSnapshot | null {
  return rate ? { amount_cents: rate.amount_cents, unit: rate.unit } : null;
}

/** The sum of whole-cent amounts (0 for none). */
export function sumCents(amounts: readonly number[]): number {
  let total = 0;
  for (const amount of amounts) {
    assertCents(amount, 'amount');
    total += amount;
  }
  assertCents(total, 'total');
  return total;
}

/** "$65", "$97.50", "$1,234.50" in both languages (see above): cents only when there are some. */
export function formatMoney(cents: number, locale: Locale): string {
  const whole = cents % 100 === 0;
  return numberFormat(intlLocale[locale], {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}
