import { acceptedResponse, emailPayload } from '../schemas.ts';
import { defineRoute } from '../../../lib/route.ts';
import { accountEnv } from './http.ts';
import { requestPasswordReset } from '../service/accounts.ts';
import type { AppContext } from '../../../context.ts';

export const passwordResetRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/auth/password-reset',
    options: {
      auth: false,
      description: 'Email a one-time link to set a new password (always 202, answered before the address is looked up)',
      plugins: { rateLimit: { bucket: 'password-reset', limit: 10, windowSeconds: 600, by: 'ip' } },
      validate: { payload: emailPayload },
      response: { status: { 202: acceptedResponse } },
    },
    handler: ({ payload }, request, h) => {
      // Answered before the address is looked up, so an account and a stranger's address take as long (decision 0046).
      const env = accountEnv(context, request);
      const { email } = payload;
      context.afterAnswer.run(
        request.raw.res,
        () => requestPasswordReset(env, email),
        (error) => request.log(['error', 'password-reset'], { err: error }),
      );
      return h.response({}).code(202);
    },
  });
