import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { featuredProjects } from '../repository.ts';
import { featuredQuery, projectList } from '../schemas.ts';
import { featuredKey, keptAnswer, visitorAnswers } from '../service/gallery-cache.ts';
import { openToVisitors, viewerOf } from './env.ts';

export const featuredProjectsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/projects/featured',
    options: {
      ...openToVisitors,
      description: 'Featured public projects for the landing page, newest first',
      validate: { query: featuredQuery },
      response: { status: { 200: projectList } },
    },
    handler: async ({ query }, request, h) => {
      const viewer = viewerOf(request);
      if (viewer) return { items: await featuredProjects(context, query.limit, viewer) };
      return keptAnswer(context, h, await visitorAnswers(context).get(featuredKey(query.limit), async () => ({ items: await featuredProjects(context, query.limit, null) })));
    },
  });
