/**
 * The head tags of a public page (ADDRESSES: landing, search, profile, terms, privacy) in one
 * language: title, description, canonical and hreflang links, the robots rule of a search, Open
 * Graph and Twitter cards, and a profile's schema.org LocalBusiness. Pure: the server render calls
 * it with what the page already fetched (the answers of GET /api/v1/providers/{id} and the
 * category and municipality names of a search) and the `seo` texts of the language (`seoTexts`).
 * Everything that comes from people is escaped, in attributes and inside the JSON-LD script.
 */
import {
  canonicalPath,
  defaultLocale,
  isIndexableSearch,
  locales,
  ogLocale,
  pageWords,
  priceText,
  projectImageFile,
  type Locale,
  type ProfileHeadData,
  type PublicPage,
  type SeoTexts,
} from '@resuelve/contract';
import { textsWith } from '../../../lib/texts.ts';

export type { PublicPage, SeoTexts } from '@resuelve/contract';

/** The site's own preview image (web/public/og-image.png), 1200×630. */
export const siteImage = { path: '/og-image.png', width: 1200, height: 630 } as const;

export interface HeadOptions {
  /** config.publicUrl: the site's absolute origin, without a trailing slash. */
  publicUrl: string;
  locale: Locale;
  /** locales/{locale}/seo.json (`seoTexts`). */
  texts: SeoTexts;
}

/** The `seo` namespace of a language, read once from the locales folder. */
export async function seoTexts(localesDir: string, locale: Locale): Promise<SeoTexts> {
  return (await textsWith(localesDir, locale, 'seo', 'site_name')) as unknown as SeoTexts;
}

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEscapes[c]!);
}

/**
 * JSON safe inside <script>: `<`, `>` and `&` as \u escapes (no `</script>` or `<!--` can close or
 * bend the element), and the two line separators JavaScript once refused in strings.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function absolute(url: string, publicUrl: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
}

interface PreviewImage {
  url: string;
  width?: number;
  height?: number;
  /** A wide picture (a work photo, the site image) earns Twitter's large card; a square avatar does not. */
  wide: boolean;
}

/**
 * Link previews take JPEG and PNG everywhere (not always WebP) and want about 1200 px: a work
 * photo's JPEG in the first stored width of at least 1200 px (1280), else its largest.
 */
function previewImage(provider: ProfileHeadData | null, publicUrl: string): PreviewImage {
  const cover = provider?.cover_photo;
  if (cover && cover.widths.length) {
    const widths = [...cover.widths].sort((a, b) => a - b);
    const width = widths.find((w) => w >= 1200) ?? widths[widths.length - 1]!;
    return { url: absolute(projectImageFile(cover, width, 'jpg'), publicUrl), width, wide: true };
  }
  if (provider?.profile_picture_url) return { url: absolute(provider.profile_picture_url, publicUrl), wide: false };
  return { url: absolute(siteImage.path, publicUrl), width: siteImage.width, height: siteImage.height, wide: true };
}

/** schema.org LocalBusiness of a profile: only what the profile shows every visitor. */
export function localBusiness(provider: ProfileHeadData, url: string, image: string, locale: Locale, texts: SeoTexts): Record<string, unknown> {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${url}#business`,
    name: provider.company_name,
    url,
    image,
  };
  if (provider.description?.trim()) data.description = provider.description.trim();
  data.address = {
    '@type': 'PostalAddress',
    ...(provider.municipality ? { addressLocality: provider.municipality.name } : {}),
    addressRegion: 'PR',
    addressCountry: 'PR',
  };
  if (provider.website_url && /^https?:\/\//i.test(provider.website_url)) data.sameAs = [provider.website_url];
  if (provider.location) data.geo = { '@type': 'GeoCoordinates', latitude: provider.location.lat, longitude: provider.location.lng };
  // The phone and street address are for signed-in people (SPEC §4): never in the public page.
  const price = priceText(provider.rate, locale, texts);
  if (price) data.priceRange = price;
  if (provider.review_count > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Number(provider.rating_average.toFixed(2)),
      reviewCount: provider.review_count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}

export interface HeadParts {
  title: string;
  description: string;
  canonical: string;
  /** hreflang → absolute address: es, en and x-default (the Spanish one). */
  alternates: { hreflang: string; href: string }[];
  /** `noindex, follow` on a search that is not one of the indexable ones; null elsewhere. */
  robots: string | null;
  image: PreviewImage;
  jsonLd: Record<string, unknown> | null;
}

/** The facts of the head, before they are written as tags. */
export function publicHeadParts(page: PublicPage, { publicUrl, locale, texts }: HeadOptions): HeadParts {
  const words = pageWords(page, locale, texts);
  const canonical = publicUrl + canonicalPath(page, locale);
  const alternates = [
    ...locales.map((lng) => ({ hreflang: lng, href: publicUrl + canonicalPath(page, lng) })),
    { hreflang: 'x-default', href: publicUrl + canonicalPath(page, defaultLocale) },
  ];
  const provider = page.kind === 'profile' ? page.provider : null;
  const image = previewImage(provider, publicUrl);
  return {
    title: words.title,
    description: words.description,
    canonical,
    alternates,
    robots: page.kind === 'search' && !isIndexableSearch(page) ? 'noindex, follow' : null,
    image,
    jsonLd: provider ? localBusiness(provider, canonical, image.url, locale, texts) : null,
  };
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** The head tags of a public page as one HTML string (no <html lang>: the page's own element has it). */
export function publicHead(page: PublicPage, options: HeadOptions): string {
  const { locale, texts } = options;
  const parts = publicHeadParts(page, options);
  const headline = pageWords(page, locale, texts).headline;
  const { image } = parts;
  const tags = [
    `<title>${escapeHtml(parts.title)}</title>`,
    meta('name', 'description', parts.description),
    ...(parts.robots ? [meta('name', 'robots', parts.robots)] : []),
    `<link rel="canonical" href="${escapeHtml(parts.canonical)}">`,
    ...parts.alternates.map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${escapeHtml(a.href)}">`),
    meta('property', 'og:site_name', texts.site_name),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', headline),
    meta('property', 'og:description', parts.description),
    meta('property', 'og:url', parts.canonical),
    meta('property', 'og:locale', ogLocale[locale]),
    ...locales.filter((lng) => lng !== locale).map((lng) => meta('property', 'og:locale:alternate', ogLocale[lng])),
    meta('property', 'og:image', image.url),
    ...(image.width ? [meta('property', 'og:image:width', String(image.width))] : []),
    ...(image.height ? [meta('property', 'og:image:height', String(image.height))] : []),
    meta('property', 'og:image:alt', page.kind === 'profile' ? page.provider.company_name : texts.image_alt),
    meta('name', 'twitter:card', image.wide ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', headline),
    meta('name', 'twitter:description', parts.description),
    meta('name', 'twitter:image', image.url),
    ...(parts.jsonLd ? [`<script type="application/ld+json">${scriptJson(parts.jsonLd)}</script>`] : []),
  ];
  return tags.join('\n');
}
