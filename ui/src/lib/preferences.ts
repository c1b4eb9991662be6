import { defaultLocale, isLocale, languageCookieMaxAgeSeconds, languageCookieName } from '@resuelve/contract';
import type { Locale } from '@resuelve/contract';

/** localStorage keys that the "reset local data" recovery keeps (SPEC.md §8: auth token, preferences, theme). */
export const storageKeys = {
  authToken: 'resuelve.auth-token',
  preferences: 'resuelve.preferences',
  theme: 'resuelve.theme',
} as const;

export const preservedStorageKeys: readonly string[] = Object.values(storageKeys);

export interface Preferences {
  language?: Locale;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // private modes may refuse storage access
  }
}

export function readPreferences(): Preferences {
  const raw = storage()?.getItem(storageKeys.preferences);
  if (!raw) return {};
  try {
    const value = JSON.parse(raw) as Preferences;
    return isLocale(value.language) ? { language: value.language } : {};
  } catch {
    return {};
  }
}

/**
 * The saved language as a cookie too (`lang=es|en`, a year, readable), so the server picks the
 * language of an un-prefixed public address before any script runs (docs/decisions/0034).
 */
export function writeLanguageCookie(language: Locale): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${languageCookieName}=${language}; Path=/; Max-Age=${languageCookieMaxAgeSeconds}; SameSite=Lax${secure}`;
}

/** The language cookie as the browser has it, if any. */
export function readLanguageCookie(): Locale | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const pair of document.cookie.split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === languageCookieName && isLocale(value)) return value;
  }
  return undefined;
}

export function savePreferences(next: Preferences): void {
  if (next.language) writeLanguageCookie(next.language);
  try {
    storage()?.setItem(storageKeys.preferences, JSON.stringify({ ...readPreferences(), ...next }));
  } catch {
    // A full or refused storage only costs the visitor their remembered language.
  }
}

/** The language to start with: the saved choice, else Spanish (the product's default, SPEC.md §1), whatever the browser says. */
export function initialLanguage(): Locale {
  return readPreferences().language ?? defaultLocale;
}
