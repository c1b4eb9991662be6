import type { ServerRoute } from '@hapi/hapi';
import type { Project, ProjectSort } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { providerIdParams } from '../../providers/schemas.ts';
import { galleryKey, keptAnswer, visitorAnswers } from '../gallery-cache.ts';
import { likedAmong, providerProjects } from '../read.ts';
import { projectList, projectListQuery } from '../schemas.ts';
import { viewerOf } from './env.ts';

export const providerProjectsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/providers/{id}/projects',
  options: {
    auth: { mode: 'optional' },
    tags: ['api', 'projects'],
    description: 'A provider’s project gallery: public projects, or all of them for the provider',
    notes: 'sort: newest (default), oldest, most_liked, most_viewed. 404 provider_not_found. Visitors’ answers are kept up to 10 s (a change by the provider or a like shows at once).',
    validate: { params: providerIdParams, query: projectListQuery },
    response: { status: { 200: projectList } },
  },
  handler: async (request, h) => {
    const id = (request.params as { id: string }).id;
    const sort = (request.query as { sort: ProjectSort }).sort;
    const viewer = viewerOf(request);
    // The provider sees their private projects too: answered fresh.
    if (viewer === id) return { items: await providerProjects(context, id, viewer, sort) };
    const kept = await visitorAnswers(context).get(galleryKey(id, sort), async () => ({ items: await providerProjects(context, id, null, sort) }));
    if (!viewer) return keptAnswer(context, h, kept);
    // Anyone else signed in: the visitors' answer with their own likes marked.
    const items = (kept.value as { items: Project[] }).items;
    const liked = await likedAmong(context.knex, viewer, items.map((project) => project.id));
    return { items: items.map((project) => (liked.has(project.id) ? { ...project, liked: true } : project)) };
  },
});
