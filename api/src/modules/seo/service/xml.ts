/**
 * Sitemap XML (sitemaps.org 0.9, with xhtml:link alternates for each language): written as strings,
 * every value escaped. Each address of a page is one <url> naming all its language twins and the
 * x-default (Spanish), as search engines ask of multilingual sitemaps.
 */
import { defaultLocale, localizedPath, locales } from '@resuelve/contract';

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

const needsEscape = /[&<>"']/;

export function escapeXml(text: string): string {
  return needsEscape.test(text) ? text.replace(/[&<>"']/g, (c) => xmlEscapes[c]!) : text;
}

/** W3C datetime, to the second. */
function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface SitemapEntry {
  /** The Spanish path, with its query (`/providers?category=plumbing`). */
  path: string;
  lastmod?: Date | null;
}

const defaultIndex = locales.indexOf(defaultLocale);
const declaration = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A <urlset> with every entry in every language. */
export function urlset(entries: readonly SitemapEntry[], publicUrl: string): string {
  const parts: string[] = [
    declaration,
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  for (const entry of entries) {
    const addresses = locales.map((lng) => escapeXml(publicUrl + localizedPath(entry.path, lng)));
    let links = '';
    for (let i = 0; i < locales.length; i += 1) links += `<xhtml:link rel="alternate" hreflang="${locales[i]}" href="${addresses[i]}"/>`;
    links += `<xhtml:link rel="alternate" hreflang="x-default" href="${addresses[defaultIndex]}"/>`;
    const lastmod = entry.lastmod ? `<lastmod>${w3cDate(entry.lastmod)}</lastmod>` : '';
    for (const href of addresses) parts.push(`<url><loc>${href}</loc>${lastmod}${links}</url>\n`);
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

/** A <sitemapindex> of absolute child sitemap addresses. */
export function sitemapIndex(children: readonly { loc: string; lastmod?: Date | null }[]): string {
  const items = children.map(
    (child) => `<sitemap><loc>${escapeXml(child.loc)}</loc>${child.lastmod ? `<lastmod>${w3cDate(child.lastmod)}</lastmod>` : ''}</sitemap>\n`,
  );
  return `${declaration}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('')}</sitemapindex>\n`;
}
