import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { providersBetween } from '../repository.ts';
import { providerRangeQuery } from '../schemas.ts';
import { refuseSitemap, xmlAnswer } from '../service/answer.ts';
import { urlset } from '../service/xml.ts';

export const sitemapProvidersRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/sitemaps/providers.xml',
    options: {
      auth: false,
      tags: ['seo'],
      description: 'Listed providers with ids in [from, before), both languages',
      validate: { query: providerRangeQuery, failAction: refuseSitemap },
    },
    handler: async ({ query }, _request, h) => {
      const from = query.from?.toLowerCase() ?? null;
      const before = query.before?.toLowerCase() ?? null;
      if (from && before && from >= before) refuseSitemap();
      const providers = await providersBetween(context.knex, { from, before });
      return xmlAnswer(h, urlset(providers.map((p) => ({ path: `/providers/${p.id}`, lastmod: p.updated_at })), context.config.publicUrl));
    },
  });
