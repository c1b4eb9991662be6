import Joi from 'joi';
import { defineRoute } from '../../../lib/route.ts';
import { sessionResponse, tokenPayload } from '../schemas.ts';
import { accountEnv, answerSession } from './http.ts';
import { isSignupBrowser, signupBrowserCookieName } from './signup-browser.ts';
import { verifyEmail } from '../service/accounts.ts';
import { startVerifiedSession } from '../service/sessions.ts';
import type { AppContext } from '../../../context.ts';

export const verifyEmailRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/auth/verify-email',
    options: {
      auth: false,
      description: 'Confirm an email address with the one-time link sent to it; in the browser that signed up, also sign in',
      plugins: { rateLimit: { bucket: 'verify-email', limit: 30, windowSeconds: 600, by: 'ip' } },
      validate: { payload: tokenPayload },
      response: {
        status: { 200: Joi.object({ verified: Joi.boolean().valid(true).required(), session: sessionResponse }).label('Verified') },
      },
    },
    handler: async ({ payload }, request, h) => {
      const env = accountEnv(context, request);
      const verified = await verifyEmail(env, payload.token);
      if (!verified || !isSignupBrowser(request, context.config.jwtSecret, verified.email, env.now)) return { verified: true };
      h.unstate(signupBrowserCookieName);
      const session = await startVerifiedSession(context.knex, verified.userId, env.now);
      if (!session) return { verified: true };
      return answerSession(context.config, h, session, (body) => ({ verified: true, session: body }));
    },
  });
