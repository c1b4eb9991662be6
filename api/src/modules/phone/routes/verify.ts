import { phoneEnv } from './http.ts';
import { defineRoute } from '../../../lib/route.ts';
import { verifiedResponse, verifyPayload } from '../schemas.ts';
import { verifyPhone } from '../service/verification.ts';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';

export const verifyRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/phone/verify',
    options: {
      description: "Check the code sent to the number; when right, it becomes the account's verified phone",
      notes: 'Errors: invalid_code 400 (details.attempts_remaining), code_expired 400, no_attempts_left 429, phone_taken 409.',
      validate: { payload: verifyPayload },
      response: { status: { 200: verifiedResponse } },
    },
    handler: async ({ payload }, request) => {
      const { phoneNumber, code } = payload;
      return verifyPhone(phoneEnv(context, request), callerOf(request).userId, phoneNumber, code);
    },
  });
