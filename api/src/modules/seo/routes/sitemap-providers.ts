import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../context.ts';
import { refuseSitemap, xmlAnswer } from '../answer.ts';
import { providersBetween } from '../service.ts';
import { urlset } from '../xml.ts';

export const sitemapProvidersRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/sitemaps/providers.xml',
  options: {
    auth: false,
    tags: ['seo'],
    description: 'Listed providers with ids in [from, before), both languages',
    validate: {
      query: Joi.object({ from: Joi.string().guid(), before: Joi.string().guid() }),
      failAction: refuseSitemap,
    },
  },
  handler: async (request, h) => {
    const bounds = request.query as { from?: string; before?: string };
    const from = bounds.from?.toLowerCase() ?? null;
    const before = bounds.before?.toLowerCase() ?? null;
    if (from && before && from >= before) refuseSitemap();
    const providers = await providersBetween(context.knex, { from, before });
    return xmlAnswer(h, urlset(providers.map((p) => ({ path: `/providers/${p.id}`, lastmod: p.updated_at })), context.config.publicUrl));
  },
});
