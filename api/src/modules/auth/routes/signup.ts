import { defineRoute } from '../../../lib/route.ts';
import { signUpPayload, signUpResponse } from '../schemas.ts';
import { accountEnv } from './http.ts';
import { signUp } from '../service/accounts.ts';
import type { AppContext } from '../../../context.ts';

export const signUpRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/auth/signup',
    options: {
      auth: false,
      description: 'Create an account and email a verification link (an address already taken answers the same)',
      plugins: { rateLimit: { bucket: 'signup', limit: 20, windowSeconds: 600, by: 'ip' } },
      validate: { payload: signUpPayload },
      response: { status: { 201: signUpResponse } },
    },
    handler: async ({ payload }, request, h) => {
      const answer = await signUp(accountEnv(context, request), payload);
      return h.response(answer).code(201);
    },
  });
