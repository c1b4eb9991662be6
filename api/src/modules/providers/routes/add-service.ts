import type { ServerRoute } from '@hapi/hapi';
import type { Locale } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { addOwnServices } from '../offered-services.ts';
import { categoryIdBody, localeOnly, servicesAnswer } from '../schemas.ts';

export const addServiceRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/providers/me/services',
  options: {
    tags: ['api', 'providers'],
    description: 'Offer one more service category; answers every offered category',
    notes: 'A category already offered stays (no error). An unknown category fails with details {category_id: not_allowed}.',
    validate: { payload: categoryIdBody, query: localeOnly },
    response: { status: { 201: servicesAnswer } },
  },
  handler: async (request, h) => {
    const { category_id: categoryId } = request.payload as { category_id: number };
    const locale = (request.query as { locale?: Locale }).locale;
    const answer = await addOwnServices(context.knex, callerOf(request).userId, [categoryId], 'category_id', locale);
    return h.response(answer).code(201);
  },
});
