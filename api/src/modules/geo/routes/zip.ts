import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { getZipCode } from '../service.ts';
import { zipCode, zipParams } from '../schemas.ts';

export const zipRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/geo/zip/{zip}',
    options: {
      auth: false,
      description: 'A Puerto Rico ZIP code: its municipality and point (404 when unknown)',
      validate: { params: zipParams },
      response: { schema: zipCode },
      cache: { expiresIn: 60 * 60 * 1000, privacy: 'public' },
    },
    handler: ({ params }) => getZipCode(context.knex, params.zip),
  });
