import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { getZipCode } from '../service.ts';
import { zipCode, zipParams } from '../schemas.ts';

export const zipRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/geo/zip/{zip}',
  options: {
    auth: false,
    tags: ['api', 'geo'],
    description: 'A Puerto Rico ZIP code: its municipality and point (404 when unknown)',
    validate: { params: zipParams },
    response: { schema: zipCode },
    cache: { expiresIn: 60 * 60 * 1000, privacy: 'public' },
  },
  handler: (request) => getZipCode(context.knex, (request.params as { zip: string }).zip),
});
