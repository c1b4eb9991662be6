/** Uploaded files (DESIGN.md §9) as a hapi plugin: profile pictures and project photos in, stored files out. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { getFileRoute } from './routes/get-file.ts';
import { profileImageRoute } from './routes/profile-image.ts';
import { deleteProjectImageRoute } from './routes/delete-project-image.ts';
import { projectImageRoute } from './routes/project-image.ts';
import { projectImagesRoute } from './routes/project-images.ts';
import { registerRoutes } from '../../lib/route.ts';

export const uploadsModule: Plugin<AppContext> = {
  name: 'uploads-module',
  register(server, context) {
    registerRoutes(server, context, ['api', 'uploads'], [profileImageRoute, getFileRoute, projectImageRoute, projectImagesRoute, deleteProjectImageRoute]);
  },
};

export {
  cleanupUnusedProjectImages,
  projectImageEnv,
  projectImageKeys,
  projectImageView,
  removeFilesQuietly,
  type ProjectImageEnv,
  type ProjectImageRow,
} from './service/project-images.ts';
export { projectImagePathSchema, uploadedProjectImageFields } from './schemas.ts';
/** A provider's upload, for the demo seed's photos (db/demo-portfolio.ts): stored as any upload is. */
export { saveProjectImages } from './service/project-images.ts';
export { saveProfileImage, type UploadEnv } from './service/profile-images.ts';
