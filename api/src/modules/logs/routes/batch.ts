import Joi from 'joi';
import { defineRoute } from '../../../lib/route.ts';
import { limits, logLevels, type ClientLogEntry } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { clientAddress } from '../../../lib/caller.ts';

const shortText = Joi.string().max(200).allow('');

const entry = Joi.object({
  timestamp: Joi.date().iso().required(),
  level: Joi.string().valid(...logLevels).required(),
  message: Joi.string().max(limits.logMessageMaxLength).allow('').required(),
  correlation_id: shortText,
  session_id: shortText,
  user_id: shortText,
  url: Joi.string().max(2000).allow(''),
  category: shortText,
}).label('ClientLogEntry');

/** Client log entries (SPEC.md §3), batched by the ui; validated, size- and rate-limited, stored. */
export const storeClientLogsRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/logs/batch',
    options: {
      auth: { mode: 'optional' },
      tags: ['api', 'logs'],
      description: 'Store a batch of client log entries',
      payload: { maxBytes: 512 * 1024 },
      plugins: { rateLimit: { bucket: 'logs', limit: 60, windowSeconds: 60, by: 'ip' } },
      validate: {
        payload: Joi.object<{ logs: (ClientLogEntry & { timestamp: Date })[] }>({ logs: Joi.array().items(entry).min(1).max(limits.logBatchMaxEntries).required() }),
      },
    },
    handler: async ({ payload: { logs } }, request, h) => {
      // The signed-in user is taken from the token, never from what the entry claims.
      const userId = request.auth.isAuthenticated ? request.auth.credentials.userId : null;
      await context.knex('client_logs').insert(
        logs.map((log) => ({
          logged_at: log.timestamp,
          level: log.level,
          message: log.message,
          correlation_id: log.correlation_id ?? null,
          session_id: log.session_id ?? null,
          user_id: userId,
          url: log.url ?? null,
          category: log.category ?? null,
          ip: clientAddress(request),
        })),
      );
      return h.response().code(204);
    },
  });
