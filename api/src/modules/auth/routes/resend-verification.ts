import type { ServerRoute } from '@hapi/hapi';
import { acceptedResponse, emailPayload } from '../schemas.ts';
import { accountEnv } from '../http.ts';
import { resendVerification } from '../service.ts';
import type { AppContext } from '../../../context.ts';

export const resendVerificationRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/auth/resend-verification',
  options: {
    auth: false,
    tags: ['api', 'auth'],
    description: 'Send a new verification link (always 202, whether or not the address has an account)',
    plugins: { rateLimit: { bucket: 'resend-verification', limit: 10, windowSeconds: 600, by: 'ip' } },
    validate: { payload: emailPayload },
    response: { status: { 202: acceptedResponse } },
  },
  handler: async (request, h) => {
    await resendVerification(accountEnv(context, request), (request.payload as { email: string }).email);
    return h.response({}).code(202);
  },
});
