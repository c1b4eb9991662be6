import type { ServerRoute } from '@hapi/hapi';
import type { ProjectSort } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { portfolioStats, providerProjects } from '../read.ts';
import { portfolioStats as statsSchema, projectList, projectListQuery } from '../schemas.ts';

export const myProjectsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/projects/my-projects',
  options: {
    tags: ['api', 'projects'],
    description: 'The signed-in provider’s projects, public and private',
    notes: 'sort: newest (default), oldest, most_liked, most_viewed. 404 provider_not_found for an account that is not a provider.',
    validate: { query: projectListQuery },
    response: { status: { 200: projectList } },
  },
  handler: async (request) => {
    const me = callerOf(request).userId;
    return { items: await providerProjects(context, me, me, (request.query as { sort: ProjectSort }).sort) };
  },
});

export const myPortfolioStatsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/projects/my-stats',
  options: {
    tags: ['api', 'projects'],
    description: 'The signed-in provider’s portfolio figures: projects, views, likes, featured',
    response: { status: { 200: statsSchema } },
  },
  handler: (request) => portfolioStats(context.knex, callerOf(request).userId),
});
