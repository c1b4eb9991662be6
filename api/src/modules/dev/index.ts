import type { Plugin } from '@hapi/hapi';
import Joi from 'joi';
import type { Knex } from 'knex';
import type { OutboxMessage } from '@resuelve/contract';
import type { Clock } from '../../lib/clock.ts';
import { OffsetClock } from '../../lib/offset-clock.ts';
import { backgroundJobNames, backgroundJobs, type BackgroundJobName } from '../../jobs/index.ts';
import { schemas } from '../../lib/validation.ts';

const outboxItem = Joi.object({
  id: Joi.string(),
  channel: Joi.string().valid('email', 'sms'),
  to: Joi.string(),
  subject: Joi.string().allow(null),
  body: Joi.string().allow(''),
  links: Joi.array().items(Joi.string()),
  codes: Joi.array().items(Joi.string()),
  created_at: Joi.string(),
}).label('OutboxMessage');

/** Development only: what the outbox holds for an address. Not registered in production. */
const clockState = Joi.object({ now: Joi.string(), offset_seconds: Joi.number() }).label('DevClock');

export const devModule: Plugin<{ knex: Knex; clock: Clock }> = {
  name: 'dev',
  register(server, { knex, clock }) {
    // The server's clock, movable forward outside production (codes expiring, reminders).
    if (clock instanceof OffsetClock) {
      const state = () => ({ now: clock.now().toISOString(), offset_seconds: clock.offsetSeconds });
      server.route([
        {
          method: 'GET',
          path: '/api/v1/dev/clock',
          options: { auth: false, tags: ['api', 'dev'], description: 'The server clock (development only)', response: { schema: clockState } },
          handler: state,
        },
        {
          method: 'POST',
          path: '/api/v1/dev/clock',
          options: {
            auth: false,
            tags: ['api', 'dev'],
            description: 'Move the server clock forward, or back to real time with reset (development only)',
            validate: { payload: Joi.object({ advance_seconds: Joi.number().integer().min(1).max(400 * 86_400), reset: Joi.boolean() }).or('advance_seconds', 'reset') },
            response: { schema: clockState },
          },
          handler: (request) => {
            const { advance_seconds: seconds, reset } = request.payload as { advance_seconds?: number; reset?: boolean };
            if (reset) clock.reset();
            if (seconds) clock.advance(seconds * 1000);
            return state();
          },
        },
      ]);
    }

    // A background job now, by the server's clock (the e2e journey moves the clock, then calls this).
    server.route({
      method: 'POST',
      path: '/api/v1/dev/background/{name}',
      options: {
        auth: false,
        tags: ['api', 'dev'],
        description: 'Run a background job now (development only)',
        validate: { params: Joi.object({ name: Joi.string().valid(...backgroundJobNames).required() }) },
        response: { schema: Joi.object({ name: Joi.string(), count: Joi.number().integer() }).label('DevBackgroundRun') },
      },
      handler: async (request) => {
        const name = request.params.name as BackgroundJobName;
        const count = await backgroundJobs[name](request.server.app.context, (error) => request.log(['error', 'jobs'], { err: error }));
        return { name, count };
      },
    });

    server.route({
      method: 'GET',
      path: '/api/v1/dev/outbox',
      options: {
        auth: false,
        tags: ['api', 'dev'],
        description: 'Messages stored instead of sent (development only)',
        validate: {
          query: Joi.object({
            to: Joi.string().trim().max(254).allow(''),
            limit: schemas.limit.default(50),
          }),
        },
        response: { schema: Joi.object({ items: Joi.array().items(outboxItem) }) },
      },
      handler: async (request) => {
        const { to, limit } = request.query as { to?: string; limit: number };
        const query = knex('outbox').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
        if (to) query.where('to_address', to);
        const rows = await query;
        const items: OutboxMessage[] = rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          to: row.to_address,
          subject: row.subject,
          body: row.body,
          links: row.links,
          codes: row.codes,
          created_at: new Date(row.created_at).toISOString(),
        }));
        return { items };
      },
    });
  },
};
