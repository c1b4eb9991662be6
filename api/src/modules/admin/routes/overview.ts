import type { AppContext } from '../../../context.ts';
import { adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { defineRoute } from '../../../lib/route.ts';
import { overviewQuery, overviewSchema } from '../schemas.ts';
import { adminOverview } from '../service.ts';

export const overviewRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/overview',
    options: {
      ...adminOnly,
      tags: adminTags('overview'),
      description: 'Sign-ups, bookings and active clients per day (Puerto Rico), and the providers listed, verified and insured',
      notes: '403 forbidden for anybody but an admin; 401 without a token.',
      validate: { query: overviewQuery },
      response: { status: { 200: overviewSchema } },
    },
    handler: ({ query }) => adminOverview(context.knex, context.clock.now(), query.days),
  });
