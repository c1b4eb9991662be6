import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../context.ts';
import { refuseSitemap, xmlAnswer } from '../answer.ts';
import { placesWithProviders } from '../service.ts';
import { urlset } from '../xml.ts';

export const sitemapPlacesRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/sitemaps/places.xml',
  options: {
    auth: false,
    tags: ['seo'],
    description: 'Searches by category, municipality and both that have listed providers',
    validate: { query: Joi.object({}), failAction: refuseSitemap },
  },
  handler: async (_request, h) => {
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
