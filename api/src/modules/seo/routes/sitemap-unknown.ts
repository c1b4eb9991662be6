import { defineRoute } from '../../../lib/route.ts';
import { anyQuery } from '../schemas.ts';
import { refuseSitemap } from '../service/answer.ts';

/** Any other address under /sitemaps/ is no sitemap (not the web app's page). */
export const sitemapUnknownRoute = () =>
  defineRoute({
    method: 'GET',
    path: '/sitemaps/{any*}',
    options: { auth: false, tags: ['seo'], validate: { query: anyQuery } },
    handler: refuseSitemap,
  });
