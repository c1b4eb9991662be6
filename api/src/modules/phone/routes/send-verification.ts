import { phoneEnv } from './http.ts';
import { defineRoute } from '../../../lib/route.ts';
import { codeSentResponse, sendVerificationPayload } from '../schemas.ts';
import { sendVerification } from '../service/verification.ts';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';

export const sendVerificationRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/phone/send-verification',
    options: {
      description: 'Send a 6-digit code by SMS to the number (a new code replaces the old one)',
      notes: 'Errors: phone_already_registered 409, rate_limited 429 (resend wait), too_many_attempts 429 (hourly cap), phone_send_failed 502.',
      validate: { payload: sendVerificationPayload },
      response: { status: { 202: codeSentResponse } },
    },
    handler: async ({ payload }, request, h) => {
      const sent = await sendVerification(phoneEnv(context, request), callerOf(request).userId, payload.phoneNumber);
      return h.response(sent).code(202);
    },
  });
