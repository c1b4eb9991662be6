import { resetConfirmPayload } from '../schemas.ts';
import { defineRoute } from '../../../lib/route.ts';
import { accountEnv } from './http.ts';
import { confirmPasswordReset } from '../service/accounts.ts';
import type { AppContext } from '../../../context.ts';

export const passwordResetConfirmRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/auth/password-reset/confirm',
    options: {
      auth: false,
      description: 'Set a new password with a reset link; every session of the account ends',
      plugins: { rateLimit: { bucket: 'password-reset-confirm', limit: 20, windowSeconds: 600, by: 'ip' } },
      validate: { payload: resetConfirmPayload },
    },
    handler: async ({ payload }, request, h) => {
      const { token, password } = payload;
      await confirmPasswordReset(accountEnv(context, request), token, password);
      return h.response().code(204);
    },
  });
