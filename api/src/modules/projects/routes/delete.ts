import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { projectIdParams } from '../schemas.ts';
import { visitorAnswers } from '../service/gallery-cache.ts';
import { deleteProject } from '../service/projects.ts';
import { projectEnv } from './env.ts';

export const deleteProjectRoute = (context: AppContext) =>
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/projects/{id}',
    options: {
      description: 'Remove a project, its likes and views, and every stored size of every photo',
      notes: 'Its provider only: 403 for someone else’s public project, 404 project_not_found for someone else’s private one.',
      validate: { params: projectIdParams },
    },
    handler: async ({ params }, request, h) => {
      const me = callerOf(request).userId;
      await deleteProject(projectEnv(context, request), params.id, me);
      visitorAnswers(context).forgetProvider(me);
      return h.response().code(204);
    },
  });
