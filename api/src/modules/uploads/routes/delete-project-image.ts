import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { deleteProjectImageBody } from '../schemas.ts';
import { deleteUnusedProjectImage, projectImageEnv } from '../service/project-images.ts';

export const deleteProjectImageRoute = (context: AppContext) =>
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/uploads/project-image',
    options: {
      description: 'Remove an uploaded photo no project has taken yet, every stored size of it',
      notes: '404 not_found for a photo that is not yours (or does not exist); 409 project_image_in_use for a photo a project shows (remove it with PATCH /projects/{id}).',
      validate: { payload: deleteProjectImageBody },
    },
    handler: async ({ payload }, request, h) => {
      await deleteUnusedProjectImage(projectImageEnv(context, request), callerOf(request).userId, payload.path);
      return h.response().code(204);
    },
  });
