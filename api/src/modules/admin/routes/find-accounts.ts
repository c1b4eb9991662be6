import type { AppContext } from '../../../context.ts';
import { adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { defineRoute } from '../../../lib/route.ts';
import { accountPageSchema, accountsQuery } from '../schemas.ts';
import { findAccounts } from '../service.ts';

export const findAccountsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/accounts',
    options: {
      ...adminOnly,
      tags: adminTags('accounts'),
      description: 'Accounts by email, name or company (part of any), newest first; suspended=true for the suspended ones',
      notes: '403 forbidden for anybody but an admin; 401 without a token.',
      validate: { query: accountsQuery },
      response: { status: { 200: accountPageSchema } },
    },
    handler: ({ query }) => findAccounts(context.knex, query),
  });
