import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { notStored } from '../../../lib/http-cache.ts';

/** `GET /api/v1/health`: 200 when the database answers, 503 in the error shape when it does not. */
export const healthRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/health',
  options: {
    auth: false,
    tags: ['api', 'health'],
    description: 'Liveness of the api and its database',
    response: { schema: Joi.object({ status: Joi.string().valid('ok'), database: Joi.string() }) },
    handler: async (_request, h) => {
      try {
        await context.knex.raw('select 1').timeout(2000, { cancel: true });
      } catch {
        throw new AppError('service_unavailable', 'Database unavailable');
      }
      return notStored(h, { status: 'ok', database: 'ok' });
    },
  },
});
