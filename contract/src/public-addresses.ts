import { defaultLocale } from './locale.ts';
import type { Locale } from './locale.ts';

/**
 * One address per language for the public pages (docs/decisions/0034): Spanish, the default, at
 * the un-prefixed address, English under `/en`. Signed-in screens keep one address.
 */
export const englishPrefix = '/en';

/** The cookie the ui writes with the saved language (`lang=es|en`), read by the server's choice. */
export const languageCookieName = 'lang';
export const languageCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/** Public pages by their Spanish path: landing, search, a provider's profile, terms, privacy, how results are ordered. */
const publicPatterns: readonly RegExp[] = [/^\/$/, /^\/providers$/, /^\/providers\/[^/]+$/, /^\/terms$/, /^\/privacy$/, /^\/ranking$/];

function normalize(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

export function isPublicBasePath(pathname: string): boolean {
  const path = normalize(pathname);
  return publicPatterns.some((pattern) => pattern.test(path));
}

export interface PublicAddress {
  /** The language the address itself names: `en` under /en, `es` un-prefixed. */
  language: Locale;
  /** The Spanish path without any prefix, e.g. `/providers/abc`. */
  basePath: string;
}

/** What a path names when it is a public page's address (pathname only, no query), else null. */
export function publicAddressOf(pathname: string): PublicAddress | null {
  const path = normalize(pathname);
  if (path === englishPrefix || path.startsWith(`${englishPrefix}/`)) {
    const basePath = path.slice(englishPrefix.length) || '/';
    return isPublicBasePath(basePath) ? { language: 'en', basePath } : null;
  }
  return isPublicBasePath(path) ? { language: defaultLocale, basePath: path } : null;
}

/**
 * A public page's address in a language, keeping query and hash: `localizedPath('/providers?q=x', 'en')`
 * is `/en/providers?q=x`. Paths that are not public pages (signed-in screens, /auth) come back as given.
 */
export function localizedPath(path: string, language: Locale): string {
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? '' : path.slice(cut);
  const address = publicAddressOf(pathname || '/');
  if (!address) return path;
  if (language === defaultLocale) return address.basePath + rest;
  return (address.basePath === '/' ? englishPrefix : englishPrefix + address.basePath) + rest;
}
