import { defineRoute } from '../../../lib/route.ts';
import { category } from '../../categories/index.ts';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { addOwnServices } from '../service/offered-services.ts';
import { categoryIdBody, localeOnly, servicesAnswerOf } from '../schemas.ts';

export const addServiceRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/providers/me/services',
    options: {
      description: 'Offer one more service category; answers every offered category',
      notes: 'A category already offered stays (no error). An unknown category fails with details {category_id: not_allowed}.',
      validate: { payload: categoryIdBody, query: localeOnly },
      response: { status: { 201: servicesAnswerOf(category) } },
    },
    handler: async ({ payload, query }, request, h) => {
      const answer = await addOwnServices(context.knex, callerOf(request).userId, [payload.category_id], 'category_id', query.locale);
      return h.response(answer).code(201);
    },
  });
