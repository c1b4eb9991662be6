import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { anyQuery } from '../schemas.ts';
import { providerPages, type ProviderPageBounds } from '../repository.ts';
import { xmlAnswer } from '../service/answer.ts';
import { sitemapIndex } from '../service/xml.ts';

/** A provider page's address: its id range, open at the ends (the first and the last page). */
function providersAddress(publicUrl: string, bounds: ProviderPageBounds): string {
  const query = new URLSearchParams();
  if (bounds.from) query.set('from', bounds.from);
  if (bounds.before) query.set('before', bounds.before);
  const text = query.toString();
  return `${publicUrl}/sitemaps/providers.xml${text ? `?${text}` : ''}`;
}

export const sitemapIndexRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/sitemap.xml',
    options: { auth: false, tags: ['seo'], description: 'The sitemap index', validate: { query: anyQuery } },
    handler: async (_input, _request, h) => {
      const { publicUrl, sitemapProvidersPerPage } = context.config;
      const pages = await providerPages(context.knex, sitemapProvidersPerPage);
      return xmlAnswer(
        h,
        sitemapIndex([
          { loc: `${publicUrl}/sitemaps/pages.xml` },
          { loc: `${publicUrl}/sitemaps/places.xml` },
          ...pages.map((page) => ({ loc: providersAddress(publicUrl, page), lastmod: page.lastmod })),
        ]),
      );
    },
  });
