import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { municipalitiesRoute } from './routes/municipalities.ts';
import { zipRoute } from './routes/zip.ts';
import { registerRoutes } from '../../lib/route.ts';

export const geoModule: Plugin<AppContext> = {
  name: 'geo',
  register(server, context) {
    registerRoutes(server, context, ['api', 'geo'], [municipalitiesRoute, zipRoute]);
  },
};

export { placeAddress } from './service.ts';
