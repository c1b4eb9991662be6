import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { statsSchema } from '../schemas.ts';
import { waitlistStats } from '../service.ts';
import { adminNotes, adminRoute } from './list-signups.ts';

export const waitlistStatsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/waitlist/stats',
    options: {
      ...adminRoute,
      description: 'Waitlist figures: totals, by role, top municipalities and trades, signups per day (30 days)',
      notes: adminNotes,
      response: { status: { 200: statsSchema } },
    },
    handler: () => waitlistStats(context.knex, context.clock.now()),
  });
