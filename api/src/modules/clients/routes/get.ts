import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { callerOf } from '../../../lib/caller.ts';
import { clientRecordSchema } from '../schemas.ts';
import { getClient } from '../service.ts';

export const getClientRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/clients/{id}',
    options: {
      description: 'One client, for an admin or a provider who has a job with them',
      notes: '404 not_found for a provider without a job with this client; 403 forbidden for clients.',
      validate: { params: idParams },
      response: { status: { 200: clientRecordSchema } },
    },
    handler: ({ params }, request) => getClient(context.knex, callerOf(request).userId, params.id),
  });
