import type { Project } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { providerIdParams } from '../../providers/index.ts';
import { likedAmong, providerProjects } from '../repository.ts';
import { projectList, projectListQuery } from '../schemas.ts';
import { galleryKey, keptAnswer, visitorAnswers } from '../service/gallery-cache.ts';
import { openToVisitors, viewerOf } from './env.ts';

export const providerProjectsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/{id}/projects',
    options: {
      ...openToVisitors,
      description: 'A provider’s project gallery: public projects, or all of them for the provider',
      notes: 'sort: newest (default), oldest, most_liked, most_viewed. 404 provider_not_found. Visitors’ answers are kept up to 10 s (a change by the provider or a like shows at once).',
      validate: { params: providerIdParams, query: projectListQuery },
      response: { status: { 200: projectList } },
    },
    handler: async ({ params, query }, request, h) => {
      const { id } = params;
      const viewer = viewerOf(request);
      // The provider sees their private projects too: answered fresh.
      if (viewer === id) return { items: await providerProjects(context, id, viewer, query.sort) };
      const kept = await visitorAnswers(context).get(galleryKey(id, query.sort), async () => ({ items: await providerProjects(context, id, null, query.sort) }));
      if (!viewer) return keptAnswer(context, h, kept);
      // Anyone else signed in: the visitors' answer with their own likes marked.
      const items = (kept.value as { items: Project[] }).items;
      const liked = await likedAmong(context.knex, viewer, items.map((project) => project.id));
      return { items: items.map((project) => (liked.has(project.id) ? { ...project, liked: true } : project)) };
    },
  });
