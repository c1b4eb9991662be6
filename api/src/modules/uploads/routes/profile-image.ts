import { limits } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { multipartForm, partBytes } from '../../../lib/multipart.ts';
import { defineRoute } from '../../../lib/route.ts';
import { profileImagePayload, storedImageResponse } from '../schemas.ts';
import { profileImageTooLarge, saveProfileImage } from '../service/profile-images.ts';

export const profileImageRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/uploads/profile-image',
    options: {
      description: "Set the signed-in person's profile picture (multipart field `file`)",
      notes: 'Errors: file_too_large 413 (from Content-Length, before the body is read), file_type_not_supported 415 (judged by content).',
      ...multipartForm(limits.profileImageMaxBytes, 5, profileImageTooLarge, { rateLimit: { bucket: 'profile-image', limit: 30, windowSeconds: 600, by: 'user' } }),
      validate: { payload: profileImagePayload },
      response: { status: { 201: storedImageResponse } },
    },
    handler: async ({ payload }, request, h) => {
      const { knex, storage, clock } = context;
      const stored = await saveProfileImage(
        { db: knex, storage, now: clock.now(), onCleanupError: (error) => request.log(['error', 'uploads'], { err: error }) },
        callerOf(request).userId,
        partBytes(payload.file),
      );
      return h.response(stored).code(201);
    },
  });
