import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { callerOf } from '../../../lib/caller.ts';
import { removeOwnService } from '../service/offered-services.ts';
import { categoryIdParams } from '../schemas.ts';

export const removeServiceRoute = (context: AppContext) =>
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/providers/me/services/{id}',
    options: {
      description: 'Stop offering a service category (by category id)',
      notes: '404 not_found when not offered; 409 conflict for the last service of an onboarded provider.',
      validate: { params: categoryIdParams },
    },
    handler: async ({ params }, request, h) => {
      await removeOwnService(context.knex, callerOf(request).userId, params.id);
      return h.response().code(204);
    },
  });
