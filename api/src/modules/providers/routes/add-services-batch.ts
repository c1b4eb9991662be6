import type { ServerRoute } from '@hapi/hapi';
import type { Locale } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { addOwnServices } from '../offered-services.ts';
import { categoryIdsBody, localeOnly, servicesAnswer } from '../schemas.ts';

export const addServicesBatchRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/providers/me/services/batch',
  options: {
    tags: ['api', 'providers'],
    description: 'Offer several service categories at once (idempotent); answers every offered category',
    validate: { payload: categoryIdsBody, query: localeOnly },
    response: { status: { 200: servicesAnswer } },
  },
  handler: (request) => {
    const { category_ids: categoryIds } = request.payload as { category_ids: number[] };
    const locale = (request.query as { locale?: Locale }).locale;
    return addOwnServices(context.knex, callerOf(request).userId, categoryIds, 'category_ids', locale);
  },
});
