import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { robotsTxt } from '../robots.ts';

export const robotsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/robots.txt',
  options: { auth: false, tags: ['seo'], description: 'Crawling rules and the sitemap address', validate: { query: true } },
  handler: (_request, h) =>
    h.response(robotsTxt(context.config.publicUrl)).type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600'),
});
