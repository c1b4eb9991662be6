import type { Plugin } from '@hapi/hapi';
import Joi from 'joi';
import type { Knex } from 'knex';
import type { OutboxMessage } from '@resuelve/contract';
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
export const devModule: Plugin<{ knex: Knex }> = {
  name: 'dev',
  register(server, { knex }) {
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
