import { defineRoute } from '../../../lib/route.ts';
import { category } from '../../categories/index.ts';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { addOwnServices } from '../service/offered-services.ts';
import { categoryIdsBody, localeOnly, servicesAnswerOf } from '../schemas.ts';

export const addServicesBatchRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/providers/me/services/batch',
    options: {
      description: 'Offer several service categories at once (idempotent); answers every offered category',
      validate: { payload: categoryIdsBody, query: localeOnly },
      response: { status: { 200: servicesAnswerOf(category) } },
    },
    handler: ({ payload, query }, request) =>
      addOwnServices(context.knex, callerOf(request).userId, payload.category_ids, 'category_ids', query.locale),
  });
