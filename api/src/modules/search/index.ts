/** Finding providers as a hapi plugin: search, the public profile and its reviews (DESIGN.md §7). */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { getProviderProfileRoute } from './routes/get-profile.ts';
import { listProviderReviewsRoute } from './routes/list-reviews.ts';
import { searchProvidersRoute } from './routes/search.ts';

export const searchModule: Plugin<AppContext> = {
  name: 'search',
  register(server, context) {
    server.route([searchProvidersRoute, getProviderProfileRoute, listProviderReviewsRoute].map((route) => route(context)));
  },
};
