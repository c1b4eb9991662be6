import type { AppContext } from '../../../context.ts';
import { adminCaller, adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { accountSchema, actionBody } from '../schemas.ts';
import { restoreAccount } from '../service.ts';
import { accountNotes } from './suspend-account.ts';

export const restoreAccountRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/admin/accounts/{id}/restore',
    options: {
      ...adminOnly,
      tags: adminTags('accounts'),
      description: 'Restores a suspended account (it signs in again; a provider is listed again); recorded',
      notes: accountNotes,
      validate: { params: idParams, payload: actionBody },
      response: { status: { 200: accountSchema } },
    },
    handler: ({ params, payload }, request) => restoreAccount(context.knex, adminCaller(request), params.id, payload?.reason || undefined, context.clock.now()),
  });
