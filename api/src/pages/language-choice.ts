/**
 * Which language a public address is served in, or where it moves (docs/decisions/0034 and
 * ADDRESSES): `/en/...` is always English; an un-prefixed public address is Spanish unless the
 * saved preference (`lang` cookie) says English, or, with nothing saved, Accept-Language prefers
 * English over Spanish: then 302 to the `/en` address.
 */
import { isLocale, languageCookieName, localizedPath, publicAddressOf, sessionMarkerCookieName } from '@resuelve/contract';
import type { Locale } from '@resuelve/contract';

export type LanguageChoice =
  | { kind: 'page'; language: Locale; basePath: string }
  | { kind: 'redirect'; location: string }
  /** Not a public page: the app's shell, as before. */
  | { kind: 'other' };

export interface ChoiceInput {
  pathname: string;
  /** The query string with its `?`, or ''. */
  search: string;
  cookieHeader?: string | undefined;
  acceptLanguage?: string | undefined;
}

/** One cookie's value from a Cookie header, without hapi's strict parsing of the others. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1) continue;
    if (pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** A signed-in browser (decision 0031's readable marker): public pages stay client-rendered for it. */
export function hasSession(cookieHeader: string | undefined): boolean {
  return Boolean(cookieValue(cookieHeader, sessionMarkerCookieName));
}

/** The weight Accept-Language gives each of our languages (0 when absent; `*` counts for both). */
export function acceptedWeights(header: string | undefined): Record<Locale, number> {
  const weights: Record<Locale, number> = { es: 0, en: 0 };
  let wildcard = 0;
  for (const part of (header ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const lang = tag.trim().toLowerCase().split('-')[0];
    if (lang === '*') wildcard = Math.max(wildcard, q);
    else if (isLocale(lang)) weights[lang] = Math.max(weights[lang], q);
  }
  return { es: weights.es || wildcard, en: weights.en || wildcard };
}

export function chooseLanguage({ pathname, search, cookieHeader, acceptLanguage }: ChoiceInput): LanguageChoice {
  const address = publicAddressOf(pathname);
  if (!address) return { kind: 'other' };
  if (address.language === 'en') return { kind: 'page', language: 'en', basePath: address.basePath };
  const saved = cookieValue(cookieHeader, languageCookieName);
  const weights = acceptedWeights(acceptLanguage);
  const english = isLocale(saved) ? saved === 'en' : weights.en > weights.es;
  if (english) return { kind: 'redirect', location: localizedPath(address.basePath + search, 'en') };
  return { kind: 'page', language: 'es', basePath: address.basePath };
}
