import type { AppContext } from '../../../context.ts';
import { jsonAnswer } from '../../../lib/json-answer.ts';
import { defineRoute } from '../../../lib/route.ts';
import { createSearchAnswers } from '../service/answer-cache.ts';
import { searchProvidersJson } from '../service/search.ts';
import { providerCards, searchQuery } from '../schemas.ts';

export const searchProvidersRoute = (context: AppContext) => {
  const answers = createSearchAnswers(context.config.searchCacheSeconds);
  const index = context.searchPlaces ? { places: context.searchPlaces, sync: context.config.searchIndexSync } : undefined;
  return defineRoute({
    method: 'GET',
    path: '/api/v1/providers',
    options: {
      auth: false,
      description:
        'Onboarded providers by text (accent- and typo-tolerant, both languages), category, municipality or distance, rating, insurance, badge and a free day; sorted; keyset pages',
      validate: { query: searchQuery },
      response: { status: { 200: providerCards } },
    },
    handler: async ({ query }, _request, h) => {
      const json = await answers.get(query, () => searchProvidersJson(context.knex, query, context.clock.now(), context.storage, index));
      return jsonAnswer(context.config, h, json);
    },
  });
};
