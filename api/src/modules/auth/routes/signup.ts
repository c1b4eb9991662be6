import { defineRoute } from '../../../lib/route.ts';
import { signUpPayload, signUpResponse } from '../schemas.ts';
import { accountEnv } from './http.ts';
import { markSignupBrowser } from './signup-browser.ts';
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
      const env = accountEnv(context, request);
      const answer = await signUp(env, payload);
      markSignupBrowser(h, context.config.jwtSecret, payload.email, env.now);
      return h.response(answer).code(201);
    },
  });
