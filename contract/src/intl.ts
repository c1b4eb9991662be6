/**
 * Intl formatters, built once per language and options. Building an Intl.DateTimeFormat costs
 * about 0.15 ms, formatting with one a few microseconds: a list of jobs, a month of free slots or
 * a notification per booking would otherwise pay the first for every value. Intl is part of the
 * language, so the api and the ui share this.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

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

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return remembered(dateTimeFormats, `${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return remembered(numberFormats, `${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}
