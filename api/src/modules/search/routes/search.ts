import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../server.ts';
import { searchProviders, type SearchParams } from '../service.ts';
import { providerCards, searchQuery } from '../schemas.ts';

export const searchProvidersRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/providers',
  options: {
    auth: false,
    tags: ['api', 'search'],
    description:
      'Onboarded providers by text (accent- and typo-tolerant, both languages), category, municipality or distance, rating, insurance, badge and a free day; sorted; keyset pages',
    validate: { query: searchQuery },
    response: { status: { 200: providerCards } },
  },
  handler: (request) => searchProviders(context.knex, request.query as unknown as SearchParams, context.clock.now()),
});
