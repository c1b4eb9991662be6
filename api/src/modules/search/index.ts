/** Finding providers as a hapi plugin: search and the public profile (DESIGN.md §7); the profile's reviews are the reviews module's. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { getProviderProfileRoute } from './routes/get-profile.ts';
import { searchProvidersRoute } from './routes/search.ts';

export const searchModule: Plugin<AppContext> = {
  name: 'search',
  register(server, context) {
    server.route([searchProvidersRoute, getProviderProfileRoute].map((route) => route(context)));
  },
};
