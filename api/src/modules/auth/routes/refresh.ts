import { AppError } from '../../../lib/errors.ts';
import { defineRoute } from '../../../lib/route.ts';
import { refreshPayload, sessionResponse } from '../schemas.ts';
import { answerSession, clearWebSession, refreshCookieOf } from './http.ts';
import { refreshSession } from '../service/sessions.ts';
import type { AppContext } from '../../../context.ts';

export const refreshRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/auth/refresh',
    options: {
      auth: false,
      description: 'Trade the refresh token (cookie, or body for the desktop) for a new session; the old token stops working',
      plugins: { rateLimit: { bucket: 'refresh', limit: 120, windowSeconds: 60, by: 'ip' } },
      validate: { payload: refreshPayload },
      response: { status: { 200: sessionResponse } },
    },
    handler: async ({ payload }, request, h) => {
      const fromBody = payload?.refresh_token;
      const token = fromBody ?? refreshCookieOf(request);
      // A cookie that no longer works is dropped with its marker (also on failure), so the browser
      // stops sending it and the page stops asking; a new session sets both again.
      if (!fromBody) clearWebSession(h);
      if (!token) throw new AppError('refresh_token_invalid', 'No refresh token');
      return answerSession(context.config, h, await refreshSession(context.knex, context.events, token, context.clock.now()));
    },
  });
