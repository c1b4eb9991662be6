import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { searchMunicipalities } from '../service.ts';
import { municipalitiesQuery, municipalityList } from '../schemas.ts';

export const municipalitiesRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/geo/municipalities',
  options: {
    auth: false,
    tags: ['api', 'geo'],
    description: "Puerto Rico's municipalities: all alphabetically, or those matching q (accent-insensitive, prefix, typo-tolerant)",
    validate: { query: municipalitiesQuery },
    response: { schema: municipalityList },
    cache: { expiresIn: 60 * 60 * 1000, privacy: 'public' },
  },
  handler: (request) => searchMunicipalities(context.knex, request.query as { q: string; limit?: number }),
});
