import type { ServerRoute } from '@hapi/hapi';
import { notFound } from '../../../lib/errors.ts';
import { isPublicKey } from '../../../lib/storage.ts';
import { storedFileParams } from '../schemas.ts';
import { contentTypeOf } from '../service.ts';
import type { AppContext } from '../../../context.ts';

/**
 * Stored files, for anyone (pictures appear on public profiles, and an <img> sends no token);
 * private ones (message attachments) only through their own route.
 * Keys are generated and never reused, so a file can be cached for good.
 */
export const getFileRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/uploads/{path*}',
  options: {
    auth: false,
    tags: ['api', 'uploads'],
    description: 'A stored file, by the `path` an upload answered',
    validate: { params: storedFileParams },
  },
  handler: async (request, h) => {
    const key = (request.params as { path: string }).path;
    const body = isPublicKey(key) ? await context.storage.read(key) : null;
    if (!body) throw notFound('File');
    return h
      .response(body)
      .type(contentTypeOf(key))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=31536000, immutable');
  },
});
