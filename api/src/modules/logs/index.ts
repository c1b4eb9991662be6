/** Client logs as a hapi plugin: the ui's batched log entries, stored for support. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { storeClientLogsRoute } from './routes/batch.ts';
import { registerRoutes } from '../../lib/route.ts';

export const logsModule: Plugin<AppContext> = {
  name: 'logs',
  register(server, context) {
    registerRoutes(server, context, ['api', 'logs'], [storeClientLogsRoute]);
  },
};
