import type { ServerRoute } from '@hapi/hapi';
import { callerOf } from '../../../lib/caller.ts';
import type { AppContext } from '../../../context.ts';
import { deleteProjectImageBody } from '../project-image-schemas.ts';
import { deleteUnusedProjectImage, projectImageEnv } from '../project-images.ts';

export const deleteProjectImageRoute = (context: AppContext): ServerRoute => ({
  method: 'DELETE',
  path: '/api/v1/uploads/project-image',
  options: {
    tags: ['api', 'uploads'],
    description: 'Remove an uploaded photo no project has taken yet, every stored size of it',
    notes: '404 not_found for a photo that is not yours (or does not exist); 409 project_image_in_use for a photo a project shows (remove it with PATCH /projects/{id}).',
    validate: { payload: deleteProjectImageBody },
  },
  handler: async (request, h) => {
    await deleteUnusedProjectImage(projectImageEnv(context, request), callerOf(request).userId, (request.payload as { path: string }).path);
    return h.response().code(204);
  },
});
