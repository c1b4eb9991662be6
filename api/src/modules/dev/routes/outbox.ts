import { defineRoute } from '../../../lib/route.ts';
import type { AppContext } from '../../../context.ts';
import { outboxMessages } from '../repository.ts';
import { outboxPage, outboxQuery } from '../schemas.ts';

/** Messages stored instead of sent, for an address (sign-up links and codes in browser journeys). */
export const outboxRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/dev/outbox',
    options: {
      auth: false,
      description: 'Messages stored instead of sent (development only)',
      validate: { query: outboxQuery },
      response: { schema: outboxPage },
    },
    handler: async ({ query: { to, limit } }) => {
      const items = await outboxMessages(context.knex, { to, limit });
      return { items };
    },
  });
