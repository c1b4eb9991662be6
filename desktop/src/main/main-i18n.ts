import { defaultLocale, isLocale, type Locale } from '@resuelve/contract';
import en from '../../../locales/en/desktop.json';
import es from '../../../locales/es/desktop.json';

/** The main process's own strings (menus, start-up errors), bundled into the build from locales/. */
const catalogs: Record<Locale, unknown> = { es, en };

export type Translate = (key: string, values?: Record<string, string>) => string;

function lookup(catalog: unknown, key: string): string | null {
  let node: unknown = catalog;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : null;
}

/** A translator for `language`, falling back to Spanish and then to the key (as i18next does). */
export function createTranslator(language: Locale, extraCatalogs: Partial<Record<Locale, unknown>> = {}): Translate {
  const pick = (lng: Locale): unknown => extraCatalogs[lng] ?? catalogs[lng];
  return (key, values = {}) => {
    const text = lookup(pick(language), key) ?? lookup(pick(defaultLocale), key) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => values[name] ?? match);
  };
}

/** The console's language before the renderer says otherwise: the system's, if we speak it. */
export function languageFromSystem(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const short = tag.slice(0, 2).toLowerCase();
    if (isLocale(short)) return short;
  }
  return defaultLocale;
}
