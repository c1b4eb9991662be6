import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { Locale } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { getCategory } from '../service.ts';
import { category, idOrSlug, localeQuery } from '../schemas.ts';

export const getRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/categories/{id}',
  options: {
    auth: false,
    tags: ['api', 'categories'],
    description: 'One category, by id or slug',
    validate: { params: Joi.object({ id: idOrSlug.required() }), query: Joi.object({ locale: localeQuery }) },
    response: { schema: category },
    cache: { expiresIn: 5 * 60 * 1000, privacy: 'public' },
  },
  handler: (request) =>
    getCategory(context.knex, (request.params as { id: number | string }).id, (request.query as { locale: Locale }).locale),
});
