import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../server.ts';
import { getRoute } from './routes/get.ts';
import { listRoute } from './routes/list.ts';
import { searchRoute } from './routes/search.ts';
import { suggestionsRoute } from './routes/suggestions.ts';

export const categoriesModule: Plugin<AppContext> = {
  name: 'categories',
  register(server, context) {
    server.route([listRoute, searchRoute, suggestionsRoute, getRoute].map((route) => route(context)));
  },
};
