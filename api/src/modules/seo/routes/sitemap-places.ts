import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { placesWithProviders } from '../repository.ts';
import { noQuery } from '../schemas.ts';
import { refuseSitemap, xmlAnswer } from '../service/answer.ts';
import { urlset } from '../service/xml.ts';

export const sitemapPlacesRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/sitemaps/places.xml',
    options: {
      auth: false,
      tags: ['seo'],
      description: 'Searches by category, municipality and both that have listed providers',
      validate: { query: noQuery, failAction: refuseSitemap },
    },
    handler: async (_input, _request, h) => {
      const places = await placesWithProviders(context.knex);
      const entries = places.map(({ category, municipality }) => {
        const query = new URLSearchParams();
        if (category) query.set('category', category);
        if (municipality) query.set('municipality', municipality);
        return { path: `/providers?${query.toString()}` };
      });
      return xmlAnswer(h, urlset(entries, context.config.publicUrl));
    },
  });
