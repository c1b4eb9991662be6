import type { AppContext } from '../../../context.ts';
import { adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { defineRoute } from '../../../lib/route.ts';
import { logPageSchema, logsQuery } from '../schemas.ts';
import { listClientLogs } from '../service.ts';

/** The client log entries browsers sent (`POST /logs/batch`), newest first, for the admin console. */
export const listLogsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/logs',
    options: {
      ...adminOnly,
      tags: adminTags('logs'),
      description: 'Client log entries, newest first, filtered by level, user (id or part of the email), correlation id and time',
      notes: '403 forbidden for anybody but an admin; 401 without a token.',
      validate: { query: logsQuery },
      response: { status: { 200: logPageSchema } },
    },
    handler: ({ query }) => listClientLogs(context.knex, query),
  });
