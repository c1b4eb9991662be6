import Joi from 'joi';
import { defineRoute } from '../../../lib/route.ts';
import { tokenPayload } from '../schemas.ts';
import { accountEnv } from './http.ts';
import { verifyEmail } from '../service/accounts.ts';
import type { AppContext } from '../../../context.ts';

export const verifyEmailRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/auth/verify-email',
    options: {
      auth: false,
      description: 'Confirm an email address with the one-time link sent to it',
      plugins: { rateLimit: { bucket: 'verify-email', limit: 30, windowSeconds: 600, by: 'ip' } },
      validate: { payload: tokenPayload },
      response: { status: { 200: Joi.object({ verified: Joi.boolean().valid(true).required() }).label('Verified') } },
    },
    handler: async ({ payload }, request) => {
      await verifyEmail(accountEnv(context, request), payload.token);
      return { verified: true };
    },
  });
