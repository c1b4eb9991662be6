/** Calendars as a hapi plugin: the private iCal feed (address, regenerate, the feed) and one job's .ics. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { feedIcsRoute } from './routes/feed-ics.ts';
import { feedRoute } from './routes/feed.ts';
import { jobIcsRoute } from './routes/job-ics.ts';
import { regenerateFeedRoute } from './routes/regenerate-feed.ts';
import { registerRoutes } from '../../lib/route.ts';

export const calendarModule: Plugin<AppContext> = {
  name: 'calendar',
  register(server, context) {
    registerRoutes(server, context, ['api', 'calendar'], [feedRoute, regenerateFeedRoute, feedIcsRoute, jobIcsRoute]);
  },
};

export { endCalendarFeed } from './repository.ts';
