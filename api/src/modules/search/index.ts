/** Finding providers as a hapi plugin: search, a category's providers and the public profile (DESIGN.md §7); the profile's reviews are the reviews module's. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { PlaceIndex } from './repository/place-index/index.ts';
import { categoryProvidersRoute } from './routes/category-providers.ts';
import { getProviderProfileRoute } from './routes/get-profile.ts';
import { searchProvidersRoute } from './routes/search.ts';
import { registerRoutes } from '../../lib/route.ts';

export const searchModule: Plugin<AppContext> = {
  name: 'search',
  register(server, context) {
    registerRoutes(server, context, ['api', 'search'], [searchProvidersRoute, categoryProvidersRoute, getProviderProfileRoute]);
  },
};

/** The in-memory page choice the server starts and stops (decision record 0035). */
export { PlaceIndex };

/** Relevance without a text or a place, in SQL: the order of a plain search and of a category's (the demo seed puts its photos there). */
export { plainRelevanceSql } from './repository/rank.ts';

// The context names the place index here, so that context.ts imports no module.
declare module '../../context.ts' {
  interface AppContext {
    /** Where searches of a category near a point pick their page (decision record 0035); absent when off. */
    searchPlaces?: PlaceIndex;
  }
}
