import { defineRoute } from '../../../lib/route.ts';
import type { AppContext } from '../../../context.ts';
import { callerOf, clientAddress } from '../../../lib/caller.ts';
import { storeClientLogs } from '../repository.ts';
import { logBatchPayload } from '../schemas.ts';

/** Client log entries (SPEC.md §3), batched by the ui; validated, size- and rate-limited, stored. */
export const storeClientLogsRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/logs/batch',
    options: {
      auth: { mode: 'optional' },
      description: 'Store a batch of client log entries',
      payload: { maxBytes: 512 * 1024 },
      plugins: { rateLimit: { bucket: 'logs', limit: 60, windowSeconds: 60, by: 'ip' } },
      validate: { payload: logBatchPayload },
    },
    handler: async ({ payload: { logs } }, request, h) => {
      // The signed-in user is taken from the token, never from what the entry claims.
      const userId = request.auth.isAuthenticated ? callerOf(request).userId : null;
      await storeClientLogs(context.knex, logs, { userId, ip: clientAddress(request) });
      return h.response().code(204);
    },
  });
