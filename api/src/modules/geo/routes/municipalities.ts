import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { searchMunicipalities } from '../service.ts';
import { municipalitiesQuery, municipalityList } from '../schemas.ts';

export const municipalitiesRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/geo/municipalities',
    options: {
      auth: false,
      description: "Puerto Rico's municipalities: all alphabetically, or those matching q (accent-insensitive, prefix, typo-tolerant)",
      validate: { query: municipalitiesQuery },
      response: { schema: municipalityList },
      cache: { expiresIn: 60 * 60 * 1000, privacy: 'public' },
    },
    handler: ({ query }) => searchMunicipalities(context.knex, query),
  });
