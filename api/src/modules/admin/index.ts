/** The admin console's api as a hapi plugin: every route is admin-only (lib/admin-guard.ts). */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { accountActionsRoute } from './routes/account-actions.ts';
import { findAccountsRoute } from './routes/find-accounts.ts';
import { restoreAccountRoute } from './routes/restore-account.ts';
import { suspendAccountRoute } from './routes/suspend-account.ts';
import { listLogsRoute } from './routes/list-logs.ts';
import { overviewRoute } from './routes/overview.ts';
import { registerRoutes } from '../../lib/route.ts';

export const adminModule: Plugin<AppContext> = {
  name: 'admin',
  register(server, context) {
    registerRoutes(server, context, ['api', 'admin'], [overviewRoute, listLogsRoute, findAccountsRoute, suspendAccountRoute, restoreAccountRoute, accountActionsRoute]);
  },
};
