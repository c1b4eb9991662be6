import { acceptedResponse, emailPayload } from '../schemas.ts';
import { defineRoute } from '../../../lib/route.ts';
import { accountEnv } from './http.ts';
import { resendVerification } from '../service/accounts.ts';
import type { AppContext } from '../../../context.ts';

export const resendVerificationRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/auth/resend-verification',
    options: {
      auth: false,
      description: 'Send a new verification link (always 202, whether or not the address has an account)',
      plugins: { rateLimit: { bucket: 'resend-verification', limit: 10, windowSeconds: 600, by: 'ip' } },
      validate: { payload: emailPayload },
      response: { status: { 202: acceptedResponse } },
    },
    handler: async ({ payload }, request, h) => {
      await resendVerification(accountEnv(context, request), payload.email);
      return h.response({}).code(202);
    },
  });
