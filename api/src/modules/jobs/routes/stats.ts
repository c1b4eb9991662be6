import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { providerStats } from '../service/stats.ts';
import { providerStatsSchema } from '../schemas.ts';

export const providerStatsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/me/stats',
    options: {
      description: "The signed-in provider's dashboard figures: counts by status, today, this week, rating, hours and earnings",
      notes: '403 for an account that is not a provider. Earnings are null until the provider sets an hourly rate.',
      response: { status: { 200: providerStatsSchema } },
    },
    handler: (_input, request) => providerStats(context.knex, callerOf(request).userId, context.clock.now()),
  });
