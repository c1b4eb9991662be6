/**
 * Intl formatters, built once per language and options. Building an Intl.DateTimeFormat costs
 * about 0.15 ms, formatting with one a few microseconds: a list of jobs, a month of free slots or
 * a notification per booking would otherwise pay the first for every value. Intl is part of the
 * language, so the api and the ui share this.
 *
 * A page the server rendered also hands the browser the texts its formatters wrote (decision
 * 0043): the first number or date formatter a browser tab builds loads the language's ICU data,
 * 25–60 ms on a mid-range machine and four times that on a phone, so hydration writes the server's
 * texts again instead of building formatters, and a formatter is built only for a value the server
 * did not write. The texts are the server's own, so hydration also matches them exactly.
 */

/** The methods the product uses, the same on a remembered text as on a built formatter. */
export interface DateFormatter {
  format(date?: Date | number): string;
  formatRange(start: Date | number, end: Date | number): string;
  formatToParts(date?: Date | number): Intl.DateTimeFormatPart[];
}

export interface NumberFormatter {
  format(value: number): string;
}

/** Called with each text a formatter writes (the server render collects a page's). */
type FormatRecorder = (key: string, text: string) => void;

let recorder: FormatRecorder | null = null;
/** Texts a server render wrote for this page, by key: what hydration writes again. */
const written = new Map<string, string>();

/** The server render sets a recorder for its pages' texts; null stops recording. */
export function recordFormatsWith(record: FormatRecorder | null): void {
  recorder = record;
}

/** The browser keeps the texts the server wrote for its page (see above). */
export function rememberFormats(texts: Record<string, string> | undefined): void {
  for (const [key, text] of Object.entries(texts ?? {})) written.set(key, text);
}

function text(key: string, make: () => string): string {
  const known = written.get(key);
  if (known !== undefined) return known;
  const made = make();
  recorder?.(key, made);
  return made;
}

const instant = (date: Date | number) => (typeof date === 'number' ? date : date.getTime());

/** A formatter's language and options, and the Intl object built from them on first real use. */
abstract class Remembering<F> {
  private built: F | undefined;
  constructor(
    protected readonly key: string,
    private readonly build: () => F,
  ) {}

  protected get intl(): F {
    return (this.built ??= this.build());
  }
}

class RememberingDateFormat extends Remembering<Intl.DateTimeFormat> implements DateFormatter {
  format(date?: Date | number): string {
    // "Now" differs between the server's render and the browser's: never remembered.
    if (date === undefined) return this.intl.format();
    return text(`d${this.key} ${instant(date)}`, () => this.intl.format(date));
  }

  formatRange(start: Date | number, end: Date | number): string {
    return text(`r${this.key} ${instant(start)} ${instant(end)}`, () => this.intl.formatRange(start, end));
  }

  formatToParts(date?: Date | number): Intl.DateTimeFormatPart[] {
    return this.intl.formatToParts(date);
  }
}

class RememberingNumberFormat extends Remembering<Intl.NumberFormat> implements NumberFormatter {
  format(value: number): string {
    return text(`n${this.key} ${value}`, () => this.intl.format(value));
  }
}

const dateTimeFormats = new Map<string, RememberingDateFormat>();
const numberFormats = new Map<string, RememberingNumberFormat>();

/** The zones and languages in use are few; a bound keeps a stream of odd ones from growing it. */
const maxFormats = 500;

function remembered<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let format = cache.get(key);
  if (!format) {
    format = make();
    if (cache.size >= maxFormats) cache.clear();
    cache.set(key, format);
  }
  return format;
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): DateFormatter {
  const key = `${locale} ${JSON.stringify(options)}`;
  return remembered(dateTimeFormats, key, () => new RememberingDateFormat(key, () => new Intl.DateTimeFormat(locale, options)));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): NumberFormatter {
  const key = `${locale} ${JSON.stringify(options)}`;
  return remembered(numberFormats, key, () => new RememberingNumberFormat(key, () => new Intl.NumberFormat(locale, options)));
}

const collators = new Map<string, Intl.Collator>();

/**
 * `items` in the alphabetical order of their texts in a language. The first comparison a tab
 * makes loads the language's collation data (20–40 ms), so a page's order is remembered as its
 * other texts are (see above).
 */
export function sortByText<T>(locale: string, items: readonly T[], textOf: (item: T) => string): T[] {
  const texts = items.map(textOf);
  const order = text(`s${locale} ${texts.join('\u0001')}`, () => {
    const collator = remembered(collators, locale, () => new Intl.Collator(locale));
    return texts
      .map((_, index) => index)
      .sort((a, b) => collator.compare(texts[a]!, texts[b]!))
      .join(' ');
  });
  return order === '' ? [] : order.split(' ').map((index) => items[Number(index)]!);
}
