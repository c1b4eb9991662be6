import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { createSearchAnswers } from '../answer-cache.ts';
import { jsonAnswer } from '../../../lib/json-answer.ts';
import { searchProvidersJson, type SearchParams } from '../service.ts';
import { providerCards, searchQuery } from '../schemas.ts';

export const searchProvidersRoute = (context: AppContext): ServerRoute => {
  const answers = createSearchAnswers(context.config.searchCacheSeconds);
  const index = context.searchPlaces ? { places: context.searchPlaces, sync: context.config.searchIndexSync } : undefined;
  return {
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
    handler: async (request, h) => {
      const params = request.query as unknown as SearchParams;
      const json = await answers.get(params, () => searchProvidersJson(context.knex, params, context.clock.now(), context.storage, index));
      return jsonAnswer(context.config, h, json);
    },
  };
};
