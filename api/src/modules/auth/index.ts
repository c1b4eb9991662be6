/** Accounts and sessions (DESIGN.md §4) as a hapi plugin: sign-up to sign-out under /api/v1/auth. */
import type { Plugin } from '@hapi/hapi';
import { refreshCookieName, sessionMarkerCookieName } from '@resuelve/contract';
import type { AppContext } from '../../context.ts';
import { refreshCookieOptions, sessionMarkerCookieOptions } from './routes/http.ts';
import { signupBrowserCookieName, signupBrowserCookieOptions } from './routes/signup-browser.ts';
import { emailChangeRoute } from './routes/email-change.ts';
import { passwordResetConfirmRoute } from './routes/password-reset-confirm.ts';
import { passwordResetRoute } from './routes/password-reset.ts';
import { refreshRoute } from './routes/refresh.ts';
import { resendVerificationRoute } from './routes/resend-verification.ts';
import { signInRoute } from './routes/signin.ts';
import { signOutRoute } from './routes/signout.ts';
import { signUpRoute } from './routes/signup.ts';
import { verifyEmailRoute } from './routes/verify-email.ts';
import { registerRoutes } from '../../lib/route.ts';

export const authModule: Plugin<AppContext> = {
  name: 'auth-module',
  register(server, context) {
    server.state(refreshCookieName, refreshCookieOptions(context.config));
    server.state(sessionMarkerCookieName, sessionMarkerCookieOptions(context.config));
    server.state(signupBrowserCookieName, signupBrowserCookieOptions(context.config));
    registerRoutes(server, context, ['api', 'auth'], [
        signUpRoute,
        verifyEmailRoute,
        resendVerificationRoute,
        signInRoute,
        refreshRoute,
        signOutRoute,
        passwordResetRoute,
        passwordResetConfirmRoute,
        emailChangeRoute,
      ]);
  },
};

export { createAccount, type NewAccount } from './service/accounts.ts';
export { hashPassword, hashToken, newToken } from './service/secrets.ts';
export { revokeAllSessions } from './service/sessions.ts';
