import type { ServerRoute } from '@hapi/hapi';
import type { Locale } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { listOwnServices } from '../offered-services.ts';
import { localeOnly, servicesAnswer } from '../schemas.ts';

export const listServicesRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/providers/me/services',
  options: {
    tags: ['api', 'providers'],
    description: 'The service categories the signed-in provider offers',
    validate: { query: localeOnly },
    response: { status: { 200: servicesAnswer } },
  },
  handler: (request) => listOwnServices(context.knex, callerOf(request).userId, (request.query as { locale?: Locale }).locale),
});
