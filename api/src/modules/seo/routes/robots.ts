import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { anyQuery } from '../schemas.ts';
import { robotsTxt } from '../service/robots.ts';

export const robotsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/robots.txt',
    options: { auth: false, tags: ['seo'], description: 'Crawling rules and the sitemap address', validate: { query: anyQuery } },
    handler: (_input, _request, h) =>
      h.response(robotsTxt(context.config.publicUrl)).type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600'),
  });
