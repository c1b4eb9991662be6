import { projectLimits } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { multipartOverheadBytes, multipartUpload, partBytes } from '../../../lib/multipart.ts';
import { defineRoute } from '../../../lib/route.ts';
import { projectImagesPayload, uploadedProjectImages } from '../schemas.ts';
import { projectImageEnv, projectImageTooLarge, saveProjectImages } from '../service/project-images.ts';
import { projectImageRateLimit } from './project-image.ts';

/** Parts beyond the photo limit still parse, so an eleventh photo is too_many_images, not a parser error. */
const maxParts = projectLimits.imagesMax * 2;

export const projectImagesRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/uploads/project-images',
    options: {
      description: 'Upload up to 10 photos for a project at once (multipart field `files`, repeated); all are stored or none',
      notes:
        'Providers only (403 for anyone else). Errors: too_many_images 400 (more than 10), file_too_large 413 (a photo over 10 MB), file_type_not_supported 415 (PNG and JPEG only, judged by content).',
      ...multipartUpload(projectLimits.imagesMax * (projectLimits.imageMaxBytes + multipartOverheadBytes), maxParts, projectImageTooLarge),
      plugins: { 'hapi-swagger': { payloadType: 'form' }, rateLimit: projectImageRateLimit },
      validate: { payload: projectImagesPayload },
      response: { status: { 201: uploadedProjectImages } },
    },
    handler: async ({ payload }, request, h) => {
      const inputs = (Array.isArray(payload.files) ? payload.files : [payload.files]).map(partBytes);
      const items = await saveProjectImages(projectImageEnv(context, request), callerOf(request).userId, inputs);
      return h.response({ items }).code(201);
    },
  });
