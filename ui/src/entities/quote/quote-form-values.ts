/**
 * A quote as the provider types it, and back: quantities and dollar amounts are text while typed
 * (a field may be half-written), and become the contract's numbers only here: quantities with at
 * most two decimals, unit prices in whole cents (never a float amount, preamble "money"). The
 * figures themselves are always `priceLines`' (contract quotes.ts), never computed here.
 */
import { isValidJobHours, priceLines, quoteLimits } from '@resuelve/contract';
import type { NewQuoteVersion, PricedLines, ProviderRate, QuoteLineInput, QuoteLineKind, QuoteVersion, TaxRate } from '@resuelve/contract';
import { dayInZone, nextDay, zonedDateTimeToIso } from '../job/job-format.ts';

export interface DraftLine {
  /** Stable across edits, so React keeps each row's fields (and focus) when one is removed. */
  key: string;
  kind: QuoteLineKind;
  description: string;
  quantity: string;
  /** Dollars as typed: "65", "97.50", "$1,200". */
  unitPrice: string;
  taxRate: TaxRate;
}

export interface QuoteDraft {
  lines: DraftLine[];
  hours: string;
  /** YYYY-MM-DD in the job's time zone; valid until the end of that day. */
  validUntil: string;
  note: string;
}

let nextKey = 0;
export function lineKey(): string {
  nextKey += 1;
  return `line-${nextKey}`;
}

/** "2.5" or "2,5" (the Spanish decimal comma) → 2.5; NaN for anything else (more than two decimals, letters). */
export function parseQuantity(text: string): number {
  const flat = text.trim().replace(',', '.');
  return /^\d{1,4}(\.\d{1,2})?$/.test(flat) ? Number(flat) : Number.NaN;
}

/** Dollars typed ("65", "$97.50", "1,200") → whole cents; NaN for anything else (negative, three decimals). */
export function parseDollars(text: string): number {
  const flat = text.replace(/[\s$,]/g, '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(flat)) return Number.NaN;
  const [whole = '0', fraction = ''] = flat.split('.');
  // Whole cents from the digits themselves: 0.29 * 100 is 28.999… as a float.
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Whole cents → the text a dollar field starts with ("65", "97.50"). */
export function dollarsText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A quantity as a field starts with: "2", "1.5" (the field also takes "1,5"). */
export function quantityText(quantity: number): string {
  return String(quantity);
}

/** The line a kind starts with: labour by the hour at the provider's hourly rate, else empty. */
export function newLine(kind: QuoteLineKind, defaults: { rate: ProviderRate | null; taxRate: TaxRate; hours: number; description?: string }): DraftLine {
  const hourly = kind === 'labour_hourly' && defaults.rate?.unit === 'hour';
  const visit = kind === 'labour_fixed' && defaults.rate?.unit === 'visit';
  return {
    key: lineKey(),
    kind,
    description: defaults.description ?? '',
    quantity: kind === 'labour_hourly' ? quantityText(defaults.hours) : '1',
    unitPrice: hourly || visit ? dollarsText(defaults.rate!.amount_cents) : '',
    taxRate: defaults.taxRate,
  };
}

/** Lines already priced (a version sent, a bill's draft) as the form edits them. */
export function draftLinesOf(lines: readonly QuoteLineInput[]): DraftLine[] {
  return lines.map((line) => ({
    key: lineKey(),
    kind: line.kind,
    description: line.description,
    quantity: quantityText(line.quantity),
    unitPrice: dollarsText(line.unit_price_cents),
    taxRate: line.tax_rate,
  }));
}

/** A draft from a version already sent (a revision starts from the last one). */
export function draftOf(version: QuoteVersion, timeZone: string): QuoteDraft {
  return {
    lines: draftLinesOf(version.lines),
    hours: String(version.hours),
    validUntil: defaultValidUntil(new Date(), timeZone),
    note: version.note ?? '',
  };
}

/** Today plus the default days, in the job's time zone. */
export function defaultValidUntil(now: Date, timeZone: string, days: number = quoteLimits.validDaysDefault): string {
  let day = dayInZone(now, timeZone);
  for (let i = 0; i < days; i += 1) day = nextDay(day);
  return day;
}

/** The end of a valid-until day in the job's time zone, as the api takes it. */
export function validUntilInstant(day: string, timeZone: string): string {
  return new Date(zonedDateTimeToIso(day, '23:59', timeZone)).toISOString();
}

/** A line's own problems, by field ("description", "quantity", "unit_price_cents"): the api's codes. */
export function lineProblems(line: DraftLine): Record<string, string> {
  const problems: Record<string, string> = {};
  const description = line.description.trim();
  if (!description) problems.description = 'required';
  else if (description.length < quoteLimits.descriptionMinLength) problems.description = 'too_short';
  const quantity = parseQuantity(line.quantity);
  if (line.quantity.trim() === '') problems.quantity = 'required';
  else if (Number.isNaN(quantity)) problems.quantity = 'invalid_format';
  else if (quantity < quoteLimits.quantityMin || quantity > quoteLimits.quantityMax) problems.quantity = 'out_of_range';
  const price = parseDollars(line.unitPrice);
  if (line.unitPrice.trim() === '') problems.unit_price_cents = 'required';
  else if (Number.isNaN(price)) problems.unit_price_cents = 'invalid_format';
  else if (price > quoteLimits.unitPriceMaxCents) problems.unit_price_cents = 'out_of_range';
  return problems;
}

/** Lines whose numbers read, as the contract takes them (a half-typed line counts as nothing yet). */
function readableLines(lines: readonly DraftLine[]): QuoteLineInput[] {
  return lines.flatMap((line) => {
    const quantity = parseQuantity(line.quantity);
    const unit = parseDollars(line.unitPrice);
    if (Number.isNaN(quantity) || Number.isNaN(unit) || unit > quoteLimits.unitPriceMaxCents) return [];
    return [{ kind: line.kind, description: line.description.trim(), quantity, unit_price_cents: unit, tax_rate: line.taxRate }];
  });
}

/** The figures while typing: `priceLines` over the lines that read so far. */
export function draftTotals(lines: readonly DraftLine[]): PricedLines {
  return priceLines(readableLines(lines));
}

/**
 * Every problem of the draft by the api's field names ("lines.0.quantity", "hours", "valid_until",
 * "total"), so the api's refusals and these land on the same fields; empty when it can be sent.
 */
export function draftProblems(draft: QuoteDraft, today: string): Record<string, string> {
  const problems: Record<string, string> = {};
  if (draft.lines.length === 0) problems.lines = 'required';
  if (draft.lines.length > quoteLimits.maxLines) problems.lines = 'too_long';
  draft.lines.forEach((line, index) => {
    for (const [field, code] of Object.entries(lineProblems(line))) problems[`lines.${index}.${field}`] = code;
  });
  if (!isValidJobHours(parseQuantity(draft.hours))) problems.hours = 'out_of_range';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.validUntil)) problems.valid_until = 'required';
  else if (draft.validUntil < today || draft.validUntil > defaultValidUntil(new Date(`${today}T12:00:00Z`), 'UTC', quoteLimits.validDaysMax - 1)) {
    problems.valid_until = 'out_of_range';
  }
  if (draft.note.length > quoteLimits.noteMaxLength) problems.note = 'too_long';
  if (Object.keys(problems).length === 0 && draftTotals(draft.lines).total_cents > quoteLimits.totalMaxCents) problems.total = 'out_of_range';
  return problems;
}

/** The body of `POST /jobs/{id}/quote` (and of a conversation's quote) from a draft with no problems. */
export function versionOf(draft: QuoteDraft, timeZone: string): NewQuoteVersion {
  const note = draft.note.trim();
  return {
    lines: readableLines(draft.lines),
    hours: parseQuantity(draft.hours),
    valid_until: validUntilInstant(draft.validUntil, timeZone),
    note: note ? note : null,
  };
}
