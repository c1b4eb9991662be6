import type { AppContext } from '../../../context.ts';
import { clientAddress } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { visibleProjectRow, withImages } from '../repository.ts';
import { projectIdParams, projectSchema } from '../schemas.ts';
import { countView, viewerKey } from '../service/engagement.ts';
import { openToVisitors, viewerOf } from './env.ts';

export const getProjectRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/projects/{id}',
    options: {
      ...openToVisitors,
      description: 'One project; counts a view (once per viewer and day, never its provider’s own)',
      notes: '404 project_not_found for someone else’s private project.',
      validate: { params: projectIdParams },
      response: { status: { 200: projectSchema } },
    },
    handler: async ({ params }, request) => {
      const viewer = viewerOf(request);
      const row = await visibleProjectRow(context.knex, params.id, viewer);
      if (row.provider_id !== viewer) {
        const views = await countView(context.knex, row.id, viewerKey(viewer, clientAddress(request)), context.clock.now());
        if (views !== null) row.views = views;
      }
      const [project] = await withImages(context, [row], viewer);
      return project!;
    },
  });
