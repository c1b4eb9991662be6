import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { portfolioStats } from '../repository.ts';
import { portfolioStats as statsSchema } from '../schemas.ts';

export const myPortfolioStatsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/projects/my-stats',
    options: {
      description: 'The signed-in provider’s portfolio figures: projects, views, likes, featured',
      response: { status: { 200: statsSchema } },
    },
    handler: (_input, request) => portfolioStats(context.knex, callerOf(request).userId),
  });
