import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { featuredKey, keptAnswer, visitorAnswers } from '../gallery-cache.ts';
import { featuredProjects } from '../read.ts';
import { featuredQuery, projectList } from '../schemas.ts';
import { viewerOf } from './env.ts';

export const featuredProjectsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/projects/featured',
  options: {
    auth: { mode: 'optional' },
    tags: ['api', 'projects'],
    description: 'Featured public projects for the landing page, newest first',
    validate: { query: featuredQuery },
    response: { status: { 200: projectList } },
  },
  handler: async (request, h) => {
    const limit = (request.query as { limit: number }).limit;
    const viewer = viewerOf(request);
    if (viewer) return { items: await featuredProjects(context, limit, viewer) };
    return keptAnswer(context, h, await visitorAnswers(context).get(featuredKey(limit), async () => ({ items: await featuredProjects(context, limit, null) })));
  },
});
