import type { AppContext } from '../../../context.ts';
import { adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { actionListSchema } from '../schemas.ts';
import { actionsOn } from '../service.ts';

export const accountActionsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/accounts/{id}/actions',
    options: {
      ...adminOnly,
      tags: adminTags('accounts'),
      description: 'What was done to an account (verification decisions, suspensions, expired insurance): who, when, what; newest first',
      notes: '403 forbidden for anybody but an admin; 401 without a token.',
      validate: { params: idParams },
      response: { status: { 200: actionListSchema } },
    },
    handler: ({ params }) => actionsOn(context.knex, params.id),
  });
