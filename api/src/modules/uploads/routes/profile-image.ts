import type { Lifecycle, Request, ResponseToolkit, ServerRoute } from '@hapi/hapi';
import Boom from '@hapi/boom';
import { limits } from '@resuelve/contract';
import { callerOf } from '../../../lib/caller.ts';
import { AppError } from '../../../lib/errors.ts';
import { profileImagePayload, storedImageResponse } from '../schemas.ts';
import { saveProfileImage } from '../service.ts';
import type { AppContext } from '../../../context.ts';

/** Room for the multipart boundaries and part headers around a file of the largest allowed size. */
const bodyMaxBytes = limits.profileImageMaxBytes + 64 * 1024;

const tooLarge = () => new AppError('file_too_large', 'A profile picture must be under 5 MB');

/**
 * Refuses a body whose declared length is too big before any of it is read. hapi's own maxBytes
 * check reads and discards the whole body before answering, and hapi reads the payload before
 * onCredentials, so this runs at onPreAuth: the size refusal comes even before the token check.
 */
function refuseLargeBody(request: Request, h: ResponseToolkit): Lifecycle.ReturnValue {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > bodyMaxBytes) throw tooLarge();
  return h.continue;
}

/** The multipart parser wraps its size error in a 400 "Invalid multipart payload format". */
function isTooLarge(error: unknown): boolean {
  return Boom.isBoom(error) && error.output.statusCode === 413;
}

type AnnotatedPart = { payload: Buffer };

export const profileImageRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/uploads/profile-image',
  options: {
    tags: ['api', 'uploads'],
    description: "Set the signed-in person's profile picture (multipart field `file`)",
    notes: 'Errors: file_too_large 413 (from Content-Length, before the body is read), file_type_not_supported 415 (judged by content).',
    ext: { onPreAuth: { method: refuseLargeBody } },
    payload: {
      output: 'data',
      parse: true,
      multipart: { output: 'annotated' },
      allow: 'multipart/form-data',
      maxBytes: bodyMaxBytes,
      maxParts: 5,
      // hapi's 10 s default cuts off a 5 MB photo sent from a phone on a slow connection.
      timeout: 120_000,
      // A body sent without Content-Length (chunked) is cut at maxBytes instead.
      failAction: (_request, _h, error) => {
        if (isTooLarge(error) || (Boom.isBoom(error) && isTooLarge(error.data))) throw tooLarge();
        throw error;
      },
    },
    plugins: {
      'hapi-swagger': { payloadType: 'form' },
      rateLimit: { bucket: 'profile-image', limit: 30, windowSeconds: 600, by: 'user' },
    },
    validate: { payload: profileImagePayload },
    response: { status: { 201: storedImageResponse } },
  },
  handler: async (request, h) => {
    const { knex, storage, clock } = context;
    const file = (request.payload as { file: Buffer | AnnotatedPart }).file;
    const bytes = Buffer.isBuffer(file) ? file : file.payload;
    const stored = await saveProfileImage(
      { db: knex, storage, now: clock.now(), onCleanupError: (error) => request.log(['error', 'uploads'], { err: error }) },
      callerOf(request).userId,
      bytes,
    );
    return h.response(stored).code(201);
  },
});
