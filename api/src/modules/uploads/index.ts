/** Uploaded files (DESIGN.md §9) as a hapi plugin: profile pictures in, stored files out. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { getFileRoute } from './routes/get-file.ts';
import { profileImageRoute } from './routes/profile-image.ts';

export const uploadsModule: Plugin<AppContext> = {
  name: 'uploads-module',
  register(server, context) {
    server.route([profileImageRoute, getFileRoute].map((route) => route(context)));
  },
};
