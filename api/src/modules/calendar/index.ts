/** Calendars as a hapi plugin: the private iCal feed (address, regenerate, the feed) and one job's .ics. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { feedIcsRoute } from './routes/feed-ics.ts';
import { feedRoute } from './routes/feed.ts';
import { jobIcsRoute } from './routes/job-ics.ts';
import { regenerateFeedRoute } from './routes/regenerate-feed.ts';

export const calendarModule: Plugin<AppContext> = {
  name: 'calendar',
  register(server, context) {
    server.route([feedRoute, regenerateFeedRoute, feedIcsRoute, jobIcsRoute].map((route) => route(context)));
  },
};

export { endCalendarFeed } from './repository.ts';
