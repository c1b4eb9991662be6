import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { municipalitiesRoute } from './routes/municipalities.ts';
import { zipRoute } from './routes/zip.ts';

export const geoModule: Plugin<AppContext> = {
  name: 'geo',
  register(server, context) {
    server.route([municipalitiesRoute, zipRoute].map((route) => route(context)));
  },
};

export { placeAddress } from './service.ts';
