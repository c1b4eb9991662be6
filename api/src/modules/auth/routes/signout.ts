import { refreshPayload } from '../schemas.ts';
import { defineRoute } from '../../../lib/route.ts';
import { clearWebSession, refreshCookieOf } from './http.ts';
import { signOut } from '../service/sessions.ts';
import type { AppContext } from '../../../context.ts';

export const signOutRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/auth/signout',
    options: {
      // An expired access token must not stop anyone from signing out.
      auth: { mode: 'try' },
      description: 'End the session of the given refresh token (cookie or body) and of the access token, and clear the cookie',
      validate: { payload: refreshPayload },
    },
    handler: async ({ payload }, request, h) => {
      const fromBody = payload?.refresh_token;
      const access = request.auth.isAuthenticated ? request.auth.credentials.user : undefined;
      await signOut(
        context.knex,
        context.events,
        { token: fromBody ?? refreshCookieOf(request), ...(access ? { access: { userId: access.userId, sessionId: access.sessionId } } : {}) },
        context.clock.now(),
      );
      clearWebSession(h);
      return h.response().code(204);
    },
  });
