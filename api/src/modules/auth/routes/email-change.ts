import { acceptedResponse, emailChangePayload } from '../schemas.ts';
import { defineRoute } from '../../../lib/route.ts';
import { accountEnv } from './http.ts';
import { requestEmailChange } from '../service/email-change.ts';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';

export const emailChangeRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/auth/email-change',
    options: {
      description: 'Ask to move the account to a new email: a link goes to the new address, a notice to the current one (202)',
      notes: 'The email changes only when the link is opened (POST /auth/verify-email). Wrong password: 401 invalid_credentials.',
      // Also bounds password guessing through this route.
      plugins: { rateLimit: { bucket: 'email-change', limit: 10, windowSeconds: 3600, by: 'user' } },
      validate: { payload: emailChangePayload },
      response: { status: { 202: acceptedResponse } },
    },
    handler: async ({ payload }, request, h) => {
      const { new_email: newEmail, password } = payload;
      await requestEmailChange(accountEnv(context, request), callerOf(request).userId, { newEmail, password });
      return h.response({}).code(202);
    },
  });
