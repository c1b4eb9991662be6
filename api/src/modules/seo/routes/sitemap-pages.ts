import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../context.ts';
import { refuseSitemap, xmlAnswer } from '../answer.ts';
import { staticPaths } from '../service.ts';
import { urlset } from '../xml.ts';

export const sitemapPagesRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/sitemaps/pages.xml',
  options: { auth: false, tags: ['seo'], description: 'The fixed public pages in both languages', validate: { query: Joi.object({}), failAction: refuseSitemap } },
  handler: (_request, h) => xmlAnswer(h, urlset(staticPaths.map((path) => ({ path })), context.config.publicUrl)),
});
