import type { AppContext } from '../../../context.ts';
import { adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { adminPaymentPageSchema, adminPaymentsQuery } from '../schemas.ts';
import { adminPayments } from '../service/admin.ts';

export const adminPaymentsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/payments',
    options: {
      ...adminOnly,
      tags: adminTags('payments'),
      description: 'Admins: every payment, newest first, in keyset pages (optional status); never a token',
      notes: '403 for anyone but an admin.',
      validate: { query: adminPaymentsQuery },
      response: { status: { 200: adminPaymentPageSchema } },
    },
    handler: ({ query }, request) => adminPayments(context, callerOf(request), query),
  });
