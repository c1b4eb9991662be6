import type { AppContext } from '../../../context.ts';
import { adminCaller, adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { accountSchema, actionBody } from '../schemas.ts';
import { suspendAccount } from '../service.ts';

export const accountNotes = '403 forbidden for anybody but an admin; 401 without a token; 404 account_not_found.';

export const suspendAccountRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/admin/accounts/{id}/suspend',
    options: {
      ...adminOnly,
      tags: adminTags('accounts'),
      description: 'Suspends an account: no sign-in (account_suspended), every session ends at once, a provider leaves search; recorded',
      notes: `${accountNotes} 409 account_not_suspendable for an admin's account. Suspending a suspended account changes nothing.`,
      validate: { params: idParams, payload: actionBody },
      response: { status: { 200: accountSchema } },
    },
    handler: ({ params, payload }, request) =>
      suspendAccount(context.knex, context.events, adminCaller(request), params.id, payload?.reason || undefined, context.clock.now()),
  });
