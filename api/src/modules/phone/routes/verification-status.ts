import type { ServerRoute } from '@hapi/hapi';
import { statusResponse } from '../schemas.ts';
import { verificationStatus } from '../service.ts';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { notStored } from '../../../lib/http-cache.ts';

export const verificationStatusRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/phone/verification-status',
  options: {
    tags: ['api', 'phone'],
    description: "The account's verified number and the code it is waiting on",
    response: { status: { 200: statusResponse } },
  },
  handler: async (request, h) => {
    const { knex, clock } = context;
    const status = await verificationStatus(knex, callerOf(request).userId, clock.now());
    return notStored(h, status);
  },
});
