import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { newProjectBody, projectSchema } from '../schemas.ts';
import { visitorAnswers } from '../service/gallery-cache.ts';
import { createProject } from '../service/projects.ts';
import { projectEnv } from './env.ts';

export const createProjectRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/projects',
    options: {
      description: 'Add a project to the signed-in provider’s portfolio, with 1 to 10 uploaded photos (one cover)',
      notes:
        'Providers only (403). Errors: too_many_images 400, project_cover_required 400 (not exactly one cover), project_image_unknown 400 (a path that is not your waiting upload), validation_failed 400 (title under 3, description under 10, completion before start, unknown municipality).',
      validate: { payload: newProjectBody },
      response: { status: { 201: projectSchema } },
    },
    handler: async ({ payload }, request, h) => {
      const me = callerOf(request).userId;
      const project = await createProject(projectEnv(context, request), me, payload);
      visitorAnswers(context).forgetProvider(me);
      return h.response(project).code(201);
    },
  });
