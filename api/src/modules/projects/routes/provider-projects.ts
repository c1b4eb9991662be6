import type { ServerRoute } from '@hapi/hapi';
import type { ProjectSort } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { providerIdParams } from '../../providers/schemas.ts';
import { providerProjects } from '../read.ts';
import { projectList, projectListQuery } from '../schemas.ts';
import { viewerOf } from './env.ts';

export const providerProjectsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/providers/{id}/projects',
  options: {
    auth: { mode: 'optional' },
    tags: ['api', 'projects'],
    description: 'A provider’s project gallery: public projects, or all of them for the provider',
    notes: 'sort: newest (default), oldest, most_liked, most_viewed. 404 provider_not_found.',
    validate: { params: providerIdParams, query: projectListQuery },
    response: { status: { 200: projectList } },
  },
  handler: async (request) => ({
    items: await providerProjects(context, (request.params as { id: string }).id, viewerOf(request), (request.query as { sort: ProjectSort }).sort),
  }),
});
