/** Availability as a hapi plugin: free slots of a provider by day (DESIGN.md §6). */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { getAvailabilityRoute } from './routes/get.ts';
import { getMyAvailabilityRoute } from './routes/get-me.ts';
import { listAvailabilityDaysRoute } from './routes/list-days.ts';
import { registerRoutes } from '../../lib/route.ts';

export { availabilityOn, isoInZone, providerToday, todayIn, weekdayOf } from './service.ts';

export const availabilityModule: Plugin<AppContext> = {
  name: 'availability',
  register(server, context) {
    registerRoutes(server, context, ['api', 'availability'], [getMyAvailabilityRoute, getAvailabilityRoute, listAvailabilityDaysRoute]);
  },
};
