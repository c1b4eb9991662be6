import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { adminLimits, logLevels } from '@resuelve/contract';
import { boundedIsoDate } from '../../../lib/validation.ts';
import type { AppContext } from '../../../context.ts';
import { adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { listClientLogs, type LogFilters } from '../logs.ts';

const logEntry = Joi.object({
  id: Joi.string().required(),
  logged_at: Joi.string().isoDate().required(),
  received_at: Joi.string().isoDate().required(),
  level: Joi.string().valid(...logLevels).required(),
  message: Joi.string().allow('').required(),
  correlation_id: Joi.string().allow('', null).required(),
  session_id: Joi.string().allow('', null).required(),
  user_id: Joi.string().allow(null).required(),
  user_email: Joi.string().allow(null).required(),
  url: Joi.string().allow('', null).required(),
  category: Joi.string().allow('', null).required(),
}).label('AdminLogEntry');

/** The client log entries browsers sent (`POST /logs/batch`), newest first, for the admin console. */
export const listLogsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/admin/logs',
  options: {
    ...adminOnly,
    tags: adminTags('logs'),
    description: 'Client log entries, newest first, filtered by level, user (id or part of the email), correlation id and time',
    notes: '403 forbidden for anybody but an admin; 401 without a token.',
    validate: {
      query: Joi.object({
        level: Joi.string().valid(...logLevels),
        user: Joi.string().trim().max(200).allow(''),
        correlation_id: Joi.string().trim().max(200).allow(''),
        from: boundedIsoDate(),
        to: boundedIsoDate(),
        limit: Joi.number().integer().min(1).max(adminLimits.pageSizeMax).default(adminLimits.pageSizeDefault),
        offset: Joi.number().integer().min(0).max(1_000_000).default(0),
      }),
    },
    response: { status: { 200: Joi.object({ items: Joi.array().items(logEntry).required(), total: Joi.number().integer().required() }).label('AdminLogPage') } },
  },
  handler: (request) => listClientLogs(context.knex, request.query as unknown as LogFilters),
});
