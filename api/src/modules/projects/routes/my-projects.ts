import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { providerProjects } from '../repository.ts';
import { projectList, projectListQuery } from '../schemas.ts';

export const myProjectsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/projects/my-projects',
    options: {
      description: 'The signed-in provider’s projects, public and private',
      notes: 'sort: newest (default), oldest, most_liked, most_viewed. 404 provider_not_found for an account that is not a provider.',
      validate: { query: projectListQuery },
      response: { status: { 200: projectList } },
    },
    handler: async ({ query }, request) => {
      const me = callerOf(request).userId;
      return { items: await providerProjects(context, me, me, query.sort) };
    },
  });
