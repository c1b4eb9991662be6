import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { providerRewardsSchema, rewardsQuery } from '../schemas.ts';
import { rewardsOf } from '../service.ts';

export const rewardsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/loyalty/rewards',
    options: {
      auth: false,
      description: 'The loyalty rewards of up to 50 providers (comma-separated ids), for search cards and profiles',
      notes: 'Providers without a reward, or not listed, are left out.',
      validate: { query: rewardsQuery },
      response: { status: { 200: providerRewardsSchema } },
    },
    handler: ({ query }) => rewardsOf(context.knex, query.provider_ids.split(',')),
  });
