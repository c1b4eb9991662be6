import { projectLimits } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { multipartForm, partBytes } from '../../../lib/multipart.ts';
import { defineRoute } from '../../../lib/route.ts';
import { projectImagePayload, uploadedProjectImage } from '../schemas.ts';
import { projectImageEnv, projectImageTooLarge, saveProjectImages } from '../service/project-images.ts';

/** Photo uploads count per provider: a project's ten photos are ten requests or one. */
export const projectImageRateLimit = { bucket: 'project-images', limit: 300, windowSeconds: 3600, by: 'user' } as const;

export const projectImageRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/uploads/project-image',
    options: {
      description: 'Upload a photo for a project (multipart field `file`); a project takes it by `path`',
      notes:
        'Providers only (403 for anyone else). Errors: file_too_large 413 (from Content-Length, before the body is read), file_type_not_supported 415 (PNG and JPEG only, judged by content). An upload no project takes within a day is removed.',
      ...multipartForm(projectLimits.imageMaxBytes, 5, projectImageTooLarge, { rateLimit: projectImageRateLimit }),
      validate: { payload: projectImagePayload },
      response: { status: { 201: uploadedProjectImage } },
    },
    handler: async ({ payload }, request, h) => {
      const [stored] = await saveProjectImages(projectImageEnv(context, request), callerOf(request).userId, [partBytes(payload.file)]);
      return h.response(stored).code(201);
    },
  });
