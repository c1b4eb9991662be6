/**
 * Development helpers as a hapi plugin, never registered in production: the movable server clock,
 * running a background job now, and the outbox of messages stored instead of sent.
 */
import type { Plugin } from '@hapi/hapi';
import type { AppContext, RouteFactory } from '../../context.ts';
import { OffsetClock } from '../../lib/offset-clock.ts';
import { runBackgroundJobRoute } from './routes/background.ts';
import { getClockRoute, moveClockRoute } from './routes/clock.ts';
import { outboxRoute } from './routes/outbox.ts';

export const devModule: Plugin<AppContext> = {
  name: 'dev',
  register(server, context) {
    // The clock routes only where the clock can move (a test may pass a fixed one).
    const clockRoutes: RouteFactory[] = context.clock instanceof OffsetClock ? [getClockRoute, moveClockRoute] : [];
    server.route([...clockRoutes, runBackgroundJobRoute, outboxRoute].map((route) => route(context)));
  },
};
