import type { AppContext } from '../../../context.ts';
import { publicFileRoute } from '../../../lib/file-routes.ts';
import { storedFileParams } from '../schemas.ts';
import { readPublicFile } from '../service/files.ts';

/**
 * Stored files, for anyone (pictures appear on public profiles, and an <img> sends no token);
 * private ones (message attachments, certificates) only through their own signed route.
 */
export const getFileRoute = (context: AppContext) =>
  publicFileRoute({
    path: '/api/v1/uploads/{path*}',
    description: 'A stored file, by the `path` an upload answered',
    params: storedFileParams,
    read: (key) => readPublicFile(context.storage, key),
  });
