import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { staticPaths } from '../repository.ts';
import { noQuery } from '../schemas.ts';
import { refuseSitemap, xmlAnswer } from '../service/answer.ts';
import { urlset } from '../service/xml.ts';

export const sitemapPagesRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/sitemaps/pages.xml',
    options: { auth: false, tags: ['seo'], description: 'The fixed public pages in both languages', validate: { query: noQuery, failAction: refuseSitemap } },
    handler: (_input, _request, h) => xmlAnswer(h, urlset(staticPaths.map((path) => ({ path })), context.config.publicUrl)),
  });
