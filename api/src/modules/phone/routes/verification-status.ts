import { statusResponse } from '../schemas.ts';
import { defineRoute } from '../../../lib/route.ts';
import { verificationStatus } from '../service/verification.ts';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { notStored } from '../../../lib/http-cache.ts';

export const verificationStatusRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/phone/verification-status',
    options: {
      description: "The account's verified number and the code it is waiting on",
      response: { status: { 200: statusResponse } },
    },
    handler: async (_input, request, h) => {
      const { knex, clock } = context;
      const status = await verificationStatus(knex, callerOf(request).userId, clock.now());
      return notStored(h, status);
    },
  });
