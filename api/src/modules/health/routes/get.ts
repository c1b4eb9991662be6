import Joi from 'joi';
import { defineRoute } from '../../../lib/route.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { notStored } from '../../../lib/http-cache.ts';

/** A health check answers within a second whatever the database does (a load balancer waits on it). */
export const healthCheckMs = 800;

/**
 * One database check at a time per process: while the database is frozen, every poll waits on
 * the same `select 1` instead of taking another connection from the pool.
 */
const pending = new WeakMap<object, Promise<unknown>>();

function databaseAnswers(context: AppContext): Promise<boolean> {
  let check = pending.get(context.knex);
  if (!check) {
    check = context.knex.raw('select 1').timeout(2000, { cancel: true });
    pending.set(context.knex, check);
    const done = () => pending.delete(context.knex);
    check.then(done, done);
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), healthCheckMs);
  });
  return Promise.race([check.then(() => true, () => false), late]).finally(() => clearTimeout(timer));
}

/** `GET /api/v1/health`: 200 when the database answers, 503 in the error shape (within a second) when it does not. */
export const healthRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/health',
    options: {
      auth: false,
      description: 'Liveness of the api and its database (503 service_unavailable within a second when the database does not answer)',
      response: { schema: Joi.object({ status: Joi.string().valid('ok'), database: Joi.string() }) },
    },
    handler: async (_input, _request, h) => {
      if (!(await databaseAnswers(context))) throw new AppError('service_unavailable', 'Database unavailable');
      return notStored(h, { status: 'ok', database: 'ok' });
    },
  });
