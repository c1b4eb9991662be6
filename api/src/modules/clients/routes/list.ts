import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { clientListSchema, clientsQuery } from '../schemas.ts';
import { listClients } from '../service.ts';

export const listClientsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/clients',
    options: {
      description: 'Clients: every client for admins, for a provider only clients they have a job with',
      notes: '`q` matches names and email, accent-insensitive. 403 forbidden for clients.',
      validate: { query: clientsQuery },
      response: { status: { 200: clientListSchema } },
    },
    handler: ({ query }, request) => listClients(context.knex, callerOf(request).userId, query),
  });
