/** Emails and SMS about jobs: the notifier listens to the event bus (one sender per event across processes). */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { notifyJobEvent } from './service.ts';

export const notificationsModule: Plugin<AppContext> = {
  name: 'notifications',
  register(server, context) {
    const unsubscribe = context.events.subscribe(async (event) => {
      try {
        await notifyJobEvent(context, event);
      } catch (error) {
        server.log(['error', 'notifications'], { err: error, job_id: event.payload.job_id });
      }
    });
    server.ext('onPostStop', () => {
      unsubscribe();
    });
  },
};
