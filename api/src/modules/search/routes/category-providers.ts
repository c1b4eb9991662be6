import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { searchLimits, type Locale } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { providerCard } from '../../search/schemas.ts';
import { listCategoryProviders } from '../../search/service.ts';
import { idOrSlug, localeQuery } from '../schemas.ts';

export const listCategoryProvidersRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/categories/{id}/providers',
  options: {
    auth: false,
    tags: ['api', 'categories'],
    description: 'Onboarded providers of a category (id or slug), best rated first',
    validate: {
      params: Joi.object({ id: idOrSlug.required() }),
      query: Joi.object({
        limit: Joi.number().integer().min(1).max(searchLimits.pageSizeMax).default(searchLimits.pageSizeDefault),
        offset: Joi.number().integer().min(0).max(10_000).default(0),
        locale: localeQuery,
      }),
    },
    response: {
      schema: Joi.object({ items: Joi.array().items(providerCard), total: Joi.number().integer() }).label('CategoryProviders'),
    },
  },
  handler: (request) =>
    listCategoryProviders(
      context.knex,
      (request.params as { id: number | string }).id,
      request.query as { limit: number; offset: number; locale: Locale },
      context.clock.now(),
      context.storage,
    ),
});
