import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { robotsRoute } from './routes/robots.ts';
import { sitemapIndexRoute } from './routes/sitemap-index.ts';
import { sitemapPagesRoute } from './routes/sitemap-pages.ts';
import { sitemapPlacesRoute } from './routes/sitemap-places.ts';
import { sitemapProvidersRoute } from './routes/sitemap-providers.ts';
import { sitemapUnknownRoute } from './routes/sitemap-unknown.ts';
import { registerRoutes } from '../../lib/route.ts';

/**
 * What crawlers read at the site's root (decision record 0036): robots.txt, and /sitemap.xml, an
 * index of /sitemaps/pages.xml (the fixed public pages), /sitemaps/places.xml (searches by
 * category and municipality) and /sitemaps/providers.xml pages cut by id range. The head tags of
 * each public page are `publicHead` in service/head.ts, called by the server render.
 */
export const seoModule: Plugin<AppContext> = {
  name: 'seo',
  register(server, context) {
    registerRoutes(server, context, ['api', 'seo'], [robotsRoute, sitemapIndexRoute, sitemapPagesRoute, sitemapPlacesRoute, sitemapProvidersRoute, sitemapUnknownRoute]);
  },
};

export { publicHead, seoTexts } from './service/head.ts';
