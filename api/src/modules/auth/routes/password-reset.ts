import type { ServerRoute } from '@hapi/hapi';
import { acceptedResponse, emailPayload } from '../schemas.ts';
import { accountEnv } from '../http.ts';
import { requestPasswordReset } from '../service.ts';
import type { AppContext } from '../../../context.ts';

export const passwordResetRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/auth/password-reset',
  options: {
    auth: false,
    tags: ['api', 'auth'],
    description: 'Email a one-time link to set a new password (always 202)',
    plugins: { rateLimit: { bucket: 'password-reset', limit: 10, windowSeconds: 600, by: 'ip' } },
    validate: { payload: emailPayload },
    response: { status: { 202: acceptedResponse } },
  },
  handler: async (request, h) => {
    await requestPasswordReset(accountEnv(context, request), (request.payload as { email: string }).email);
    return h.response({}).code(202);
  },
});
