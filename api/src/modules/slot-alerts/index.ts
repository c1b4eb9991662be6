/**
 * Earlier-slot alerts as a hapi plugin (issue 30, decision 0058): a client's alerts, and the
 * follower of job changes that tells the waiting clients when a time frees.
 */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { registerRoutes } from '../../lib/route.ts';
import { notifyFreed } from './notices.ts';
import { createSlotAlertRoute } from './routes/create.ts';
import { deleteSlotAlertRoute } from './routes/delete.ts';
import { listSlotAlertsRoute } from './routes/list.ts';
import { followJobChange } from './service.ts';

export const slotAlertsModule: Plugin<AppContext> = {
  name: 'slot-alerts',
  register(server, context) {
    registerRoutes(server, context, ['api', 'slot-alerts'], [createSlotAlertRoute, listSlotAlertsRoute, deleteSlotAlertRoute]);
    const stop = context.events.subscribe('job.changed', async (event) => {
      try {
        await notifyFreed(context, await followJobChange(context, event));
      } catch (error) {
        server.log(['error', 'slot-alerts'], { err: error, event });
      }
    });
    server.ext('onPostStop', () => stop());
  },
};
