import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { projectChangesBody, projectIdParams, projectSchema } from '../schemas.ts';
import { visitorAnswers } from '../service/gallery-cache.ts';
import { updateProject } from '../service/projects.ts';
import { projectEnv } from './env.ts';

export const updateProjectRoute = (context: AppContext) =>
  defineRoute({
    method: 'PATCH',
    path: '/api/v1/projects/{id}',
    options: {
      description: 'Change a project; `images` (when given) is the whole new list, and photos left out lose their stored files',
      notes: 'Its provider only: 403 for someone else’s public project, 404 project_not_found for someone else’s private one.',
      validate: { params: projectIdParams, payload: projectChangesBody },
      response: { status: { 200: projectSchema } },
    },
    handler: async ({ params, payload }, request) => {
      const me = callerOf(request).userId;
      const project = await updateProject(projectEnv(context, request), params.id, me, payload);
      visitorAnswers(context).forgetProvider(me);
      return project;
    },
  });
