import type { OutboxMessage } from '@resuelve/contract';
import { defineRoute } from '../../../lib/route.ts';
import type { AppContext } from '../../../context.ts';
import { outboxPage, outboxQuery } from '../schemas.ts';

/** Messages stored instead of sent, for an address (sign-up links and codes in browser journeys). */
export const outboxRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/dev/outbox',
    options: {
      auth: false,
      tags: ['api', 'dev'],
      description: 'Messages stored instead of sent (development only)',
      validate: { query: outboxQuery },
      response: { schema: outboxPage },
    },
    handler: async ({ query: { to, limit } }) => {
      const query = context.knex('outbox').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
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
