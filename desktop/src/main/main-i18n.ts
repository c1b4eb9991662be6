import { defaultLocale, isLocale, type Locale } from '@resuelve/contract';

/**
 * The main process's own strings (menus, start-up errors): locales/{lng}/desktop.json, which
 * electron.vite.config.ts reads and bundles into the main build as `__DESKTOP_LOCALES__`.
 */
export type DesktopCatalogs = Record<Locale, unknown>;

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
export function createTranslator(catalogs: DesktopCatalogs, language: Locale): Translate {
  return (key, values = {}) => {
    const text = lookup(catalogs[language], key) ?? lookup(catalogs[defaultLocale], key) ?? key;
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
