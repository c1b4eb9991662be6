import { limits } from '@resuelve/contract';
import { defineRoute } from '../../../lib/route.ts';
import { sessionResponse, signInPayload } from '../schemas.ts';
import { clientAddress } from '../../../lib/caller.ts';
import { answerSession } from './http.ts';
import { signIn } from '../service/sessions.ts';
import type { AppContext } from '../../../context.ts';

/**
 * No route bucket here: the per-address block (`login_blocked`) counted in the service is this
 * route's limit, with its own code and message.
 */
export const signInRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/auth/signin',
    options: {
      auth: false,
      description: 'Sign in with email and password; web gets the refresh cookie, desktop the token in the body',
      validate: { payload: signInPayload },
      response: { status: { 200: sessionResponse } },
    },
    handler: async ({ payload: input }, request, h) => {
      const { knex, config } = context;
      const addressLimit = limits.loginAttemptsPerAddress * config.rateLimitScale;
      const session = await signIn(knex, { ...input, address: clientAddress(request), addressLimit }, context.clock.now());
      return answerSession(context.config, h, session);
    },
  });
