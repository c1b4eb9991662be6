import type { ServerRoute } from '@hapi/hapi';
import { refuseSitemap } from '../answer.ts';

/** Any other address under /sitemaps/ is no sitemap (not the web app's page). */
export const sitemapUnknownRoute = (): ServerRoute => ({
  method: 'GET',
  path: '/sitemaps/{any*}',
  options: { auth: false, tags: ['seo'], validate: { query: true } },
  handler: refuseSitemap,
});
