/** Clients as a hapi plugin: one's own client profile, and the clients an admin or provider may see. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { getClientRoute } from './routes/get.ts';
import { getMyClientProfileRoute } from './routes/get-me.ts';
import { listClientsRoute } from './routes/list.ts';
import { updateMyClientProfileRoute } from './routes/update-me.ts';
import { registerRoutes } from '../../lib/route.ts';

export const clientsModule: Plugin<AppContext> = {
  name: 'clients',
  register(server, context) {
    registerRoutes(server, context, ['api', 'clients'], [getMyClientProfileRoute, updateMyClientProfileRoute, listClientsRoute, getClientRoute]);
  },
};

export { finishClientOnboarding } from './service.ts';
