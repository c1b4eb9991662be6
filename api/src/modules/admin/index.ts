/** The admin console's api as a hapi plugin: every route is admin-only (lib/admin-guard.ts). */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { listLogsRoute } from './routes/list-logs.ts';

export const adminModule: Plugin<AppContext> = {
  name: 'admin',
  register(server, context) {
    server.route([listLogsRoute].map((route) => route(context)));
  },
};
