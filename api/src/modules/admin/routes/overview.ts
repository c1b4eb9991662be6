import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { adminOverviewDays } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { adminOverview } from '../overview.ts';

const count = Joi.number().integer().min(0).required();

export const overviewRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/admin/overview',
  options: {
    ...adminOnly,
    tags: adminTags('overview'),
    description: 'Sign-ups, bookings and active clients per day (Puerto Rico), and the providers listed, verified and insured',
    notes: '403 forbidden for anybody but an admin; 401 without a token.',
    validate: { query: Joi.object({ days: Joi.number().integer().min(adminOverviewDays.min).max(adminOverviewDays.max).default(adminOverviewDays.default) }) },
    response: {
      status: {
        200: Joi.object({
          days: Joi.array()
            .items(Joi.object({ date: Joi.string().required(), signups: count, bookings: count, active_clients: count }))
            .required(),
          providers: Joi.object({ listed: count, verified: count, insured: count }).required(),
          active_clients: count,
          pending_verifications: count,
          suspended_accounts: count,
        }).label('AdminOverview'),
      },
    },
  },
  handler: (request) => adminOverview(context.knex, context.clock.now(), (request.query as { days: number }).days),
});
