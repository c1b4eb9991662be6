/** Liveness as a hapi plugin: whether the api and its database answer. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { healthRoute } from './routes/get.ts';
import { registerRoutes } from '../../lib/route.ts';

export const healthModule: Plugin<AppContext> = {
  name: 'health',
  register(server, context) {
    registerRoutes(server, context, ['api', 'health'], [healthRoute]);
  },
};
