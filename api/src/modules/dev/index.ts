/**
 * Development helpers as a hapi plugin, never registered in production: the movable server clock,
 * running a background job now, and the outbox of messages stored instead of sent. They answer
 * callers on this machine only: the outbox holds reset links (an account to whoever reads them).
 */
import type { Plugin } from '@hapi/hapi';
import type { AppContext, RouteFactory } from '../../context.ts';
import { isLoopback } from '../../lib/caller.ts';
import { AppError } from '../../lib/errors.ts';
import { OffsetClock } from '../../lib/offset-clock.ts';
import { runBackgroundJobRoute } from './routes/background.ts';
import { getClockRoute, moveClockRoute } from './routes/clock.ts';
import { outboxRoute } from './routes/outbox.ts';
import { smsReplyRoute } from './routes/sms-reply.ts';
import { registerRoutes } from '../../lib/route.ts';

export const devModule: Plugin<AppContext> = {
  name: 'dev',
  register(server, context) {
    // The clock routes only where the clock can move (a test may pass a fixed one).
    const clockRoutes: RouteFactory[] = context.clock instanceof OffsetClock ? [getClockRoute, moveClockRoute] : [];
    server.ext(
      'onPreAuth',
      (request, h) => {
        if (!isLoopback(request)) throw new AppError('forbidden', 'Development routes answer only callers on this machine');
        return h.continue;
      },
      { sandbox: 'plugin' },
    );
    registerRoutes(server, context, ['api', 'dev'], [...clockRoutes, runBackgroundJobRoute, outboxRoute, smsReplyRoute]);
  },
};
