/**
 * What a public page tells search engines and link previews (decision record 0036): its address in
 * each language, whether it may be indexed, and its title and description. Pure, so the api's
 * server-rendered head and the ui's document title say the same thing; the words come from the
 * `seo` namespace of locales/{es,en}, passed in as `SeoTexts`.
 */
import { numberFormat } from './intl.ts';
import { numberLocale, type Locale } from './locale.ts';
import { formatMoney } from './money.ts';
import { localizedPath } from './public-addresses.ts';
import type { ProviderRate } from './rates.ts';
import type { CoverPhoto, PlaceRef } from './search.ts';

/** locales/{lng}/seo.json. */
export interface SeoTexts {
  site_name: string;
  separator: string;
  image_alt: string;
  landing: { title: string; description: string };
  search: {
    title: string;
    title_category: string;
    title_municipality: string;
    title_both: string;
    description: string;
    description_category: string;
    description_municipality: string;
    description_both: string;
  };
  profile: {
    title: string;
    title_no_place: string;
    title_name_only: string;
    rating_one: string;
    rating_other: string;
    description_fallback: string;
    price_hour: string;
    price_visit: string;
    price_from: string;
  };
  terms: { title: string; description: string };
  privacy: { title: string; description: string };
  ranking: { title: string; description: string };
}

/** What a profile's head reads of GET /api/v1/providers/{id} (the answer fits as it is). */
export interface ProfileHeadData {
  id: string;
  company_name: string;
  description: string | null;
  categories: PlaceRef[];
  municipality: PlaceRef | null;
  rating_average: number;
  review_count: number;
  profile_picture_url: string | null;
  rate: ProviderRate | null;
  cover_photo: CoverPhoto | null;
  /** The business's own site (public on the profile): schema.org `sameAs`. */
  website_url?: string | null;
  /** The business's map pin, when the caller has it (the search card's `location`); public when given. */
  location?: { lat: number; lng: number } | null;
}

/** A search's query string as the address has it (hapi's request.query or URLSearchParams' entries). */
export type SearchQueryParams = Record<string, string | string[] | undefined>;

export type PublicPage =
  | { kind: 'landing' }
  | { kind: 'terms' }
  | { kind: 'privacy' }
  | { kind: 'ranking' }
  | {
      kind: 'search';
      query: SearchQueryParams;
      /** The named category and municipality of `query`, resolved by the caller; null when unknown. */
      category?: PlaceRef | null;
      municipality?: PlaceRef | null;
    }
  | { kind: 'profile'; provider: ProfileHeadData };

export type PublicPageKind = PublicPage['kind'];

/** The Spanish (un-prefixed) path of a page, without its query. */
export function pagePath(page: PublicPage): string {
  switch (page.kind) {
    case 'landing':
      return '/';
    case 'terms':
      return '/terms';
    case 'privacy':
      return '/privacy';
    case 'ranking':
      return '/ranking';
    case 'search':
      return '/providers';
    case 'profile':
      return `/providers/${encodeURIComponent(page.provider.id)}`;
  }
}

/** Query parameters that keep a search indexable; every other one (text, filters, pages) does not. */
export const indexableSearchParams = ['category', 'municipality'] as const;
/** Parameters that change nothing a search engine would index (the default sort). */
const neutralSearchParams: Record<string, string> = { sort: 'relevance' };

function firstValue(value: string | string[] | undefined): string {
  const one = Array.isArray(value) ? value[0] : value;
  return (one ?? '').trim();
}

/** The canonical query of a search: only its category and municipality, in that order. */
export function canonicalSearchQuery(query: SearchQueryParams): string {
  const kept = new URLSearchParams();
  for (const name of indexableSearchParams) {
    const value = firstValue(query[name]);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/**
 * A search may be indexed when it names at most a known category and a known municipality (each
 * once) and nothing else; text, other filters, pages or an unknown name get `noindex, follow`.
 */
export function isIndexableSearch(page: Extract<PublicPage, { kind: 'search' }>): boolean {
  for (const [name, value] of Object.entries(page.query)) {
    if (value === undefined) continue;
    if (Array.isArray(value) && value.length > 1) return false;
    const one = firstValue(value);
    if (!one) continue;
    if (neutralSearchParams[name] === one) continue;
    if (name === 'category' && page.category) continue;
    if (name === 'municipality' && page.municipality) continue;
    return false;
  }
  return true;
}

/** The page's address in `locale`, path and canonical query (relative to the site). */
export function canonicalPath(page: PublicPage, locale: Locale): string {
  const path = localizedPath(pagePath(page), locale);
  return page.kind === 'search' ? path + canonicalSearchQuery(page.query) : path;
}

/** `{{name}}` placeholders filled; unknown ones stay as written. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Text cut at a word to at most `max` characters, with an ellipsis when cut. */
export function clipText(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:·-]+$/, '')}…`;
}

/** "$45 por hora", "Desde $80 por visita": a provider's stated rate in words, or null. */
export function priceText(rate: ProviderRate | null, locale: Locale, texts: SeoTexts): string | null {
  if (!rate) return null;
  const price = fillText(rate.unit === 'hour' ? texts.profile.price_hour : texts.profile.price_visit, { amount: formatMoney(rate.amount_cents, locale) });
  return rate.from ? fillText(texts.profile.price_from, { price }) : price;
}

/** "★ 4,8 (23 reseñas)" / "★ 4.8 (23 reviews)" (the decimal comma in Spanish, `numberLocale`), or null before the first review. */
export function ratingText(provider: Pick<ProfileHeadData, 'rating_average' | 'review_count'>, locale: Locale, texts: SeoTexts): string | null {
  if (provider.review_count <= 0) return null;
  const rating = numberFormat(numberLocale[locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(provider.rating_average);
  const count = numberFormat(numberLocale[locale], {}).format(provider.review_count);
  return fillText(provider.review_count === 1 ? texts.profile.rating_one : texts.profile.rating_other, { rating, count });
}

export interface PageWords {
  /** The whole `<title>`, the site's name included. */
  title: string;
  /** The title without the site's name (Open Graph's og:title beside og:site_name). */
  headline: string;
  description: string;
}

function withSite(headline: string, texts: SeoTexts): string {
  return `${headline}${texts.separator}${texts.site_name}`;
}

function searchWords(page: Extract<PublicPage, { kind: 'search' }>, texts: SeoTexts): PageWords {
  const category = page.category?.name;
  const municipality = page.municipality?.name;
  const values = { category: category ?? '', municipality: municipality ?? '' };
  const s = texts.search;
  const [title, description] =
    category && municipality
      ? [s.title_both, s.description_both]
      : category
        ? [s.title_category, s.description_category]
        : municipality
          ? [s.title_municipality, s.description_municipality]
          : [s.title, s.description];
  const headline = fillText(title, values);
  return { headline, title: withSite(headline, texts), description: fillText(description, values) };
}

function profileWords(provider: ProfileHeadData, locale: Locale, texts: SeoTexts): PageWords {
  const services = provider.categories.slice(0, 2).map((c) => c.name).join(', ');
  const values = { name: provider.company_name, services, municipality: provider.municipality?.name ?? '' };
  const template = !services ? texts.profile.title_name_only : provider.municipality ? texts.profile.title : texts.profile.title_no_place;
  const headline = fillText(template, values);
  const about = provider.description?.trim() || fillText(texts.profile.description_fallback, { name: provider.company_name });
  const lead = [ratingText(provider, locale, texts), priceText(provider.rate, locale, texts)].filter(Boolean).join(texts.separator);
  return { headline, title: withSite(headline, texts), description: clipText(lead ? `${lead}${texts.separator}${about}` : about) };
}

/** A public page's title and description in the language of `texts`. */
export function pageWords(page: PublicPage, locale: Locale, texts: SeoTexts): PageWords {
  switch (page.kind) {
    case 'landing':
      // The landing page leads with the site's name already.
      return { title: texts.landing.title, headline: texts.landing.title, description: texts.landing.description };
    case 'terms':
    case 'privacy':
    case 'ranking':
      return { title: withSite(texts[page.kind].title, texts), headline: texts[page.kind].title, description: texts[page.kind].description };
    case 'search':
      return searchWords(page, texts);
    case 'profile':
      return profileWords(page.provider, locale, texts);
  }
}

/** Open Graph's locale names of the product's languages. */
export const ogLocale: Record<Locale, string> = { es: 'es_PR', en: 'en_US' };
