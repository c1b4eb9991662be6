import { defineRoute } from '../../../lib/route.ts';
import { category } from '../../categories/index.ts';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { listOwnServices } from '../service/offered-services.ts';
import { localeOnly, servicesAnswerOf } from '../schemas.ts';

export const listServicesRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/me/services',
    options: {
      description: 'The service categories the signed-in provider offers',
      validate: { query: localeOnly },
      response: { status: { 200: servicesAnswerOf(category) } },
    },
    handler: ({ query }, request) => listOwnServices(context.knex, callerOf(request).userId, query.locale),
  });
