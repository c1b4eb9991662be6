import type { ServerRoute } from '@hapi/hapi';
import { limits } from '@resuelve/contract';
import { callerOf } from '../../../lib/caller.ts';
import { AppError } from '../../../lib/errors.ts';
import { profileImagePayload, storedImageResponse } from '../schemas.ts';
import { saveProfileImage } from '../service.ts';
import { multipartOverheadBytes, multipartUpload, partBytes, type FilePart } from '../multipart.ts';
import type { AppContext } from '../../../context.ts';

const tooLarge = () => new AppError('file_too_large', 'A profile picture must be under 5 MB');

export const profileImageRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/uploads/profile-image',
  options: {
    tags: ['api', 'uploads'],
    description: "Set the signed-in person's profile picture (multipart field `file`)",
    notes: 'Errors: file_too_large 413 (from Content-Length, before the body is read), file_type_not_supported 415 (judged by content).',
    ...multipartUpload(limits.profileImageMaxBytes + multipartOverheadBytes, 5, tooLarge),
    plugins: {
      'hapi-swagger': { payloadType: 'form' },
      rateLimit: { bucket: 'profile-image', limit: 30, windowSeconds: 600, by: 'user' },
    },
    validate: { payload: profileImagePayload },
    response: { status: { 201: storedImageResponse } },
  },
  handler: async (request, h) => {
    const { knex, storage, clock } = context;
    const bytes = partBytes((request.payload as { file: FilePart }).file);
    const stored = await saveProfileImage(
      { db: knex, storage, now: clock.now(), onCleanupError: (error) => request.log(['error', 'uploads'], { err: error }) },
      callerOf(request).userId,
      bytes,
    );
    return h.response(stored).code(201);
  },
});
