import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { Locale } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { listCategories } from '../service.ts';
import { categoryList, localeQuery } from '../schemas.ts';

export const listRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/categories',
  options: {
    auth: false,
    tags: ['api', 'categories'],
    description: 'All service categories, named in the requested language',
    validate: { query: Joi.object({ locale: localeQuery }) },
    response: { schema: categoryList },
    cache: { expiresIn: 5 * 60 * 1000, privacy: 'public' },
  },
  handler: (request) => listCategories(context.knex, (request.query as { locale: Locale }).locale),
});
