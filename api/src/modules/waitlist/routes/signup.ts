import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { signupAnswer, signupBody } from '../schemas.ts';
import { signUpForWaitlist } from '../service.ts';

/** The waitlist's public routes: no session, counted per address. */
export const publicRoute = (bucket: string, limit: number) => ({
  auth: false as const,
  plugins: { rateLimit: { bucket, limit, windowSeconds: 600, by: 'ip' as const } },
});

export const waitlistSignupRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/waitlist/signup',
    options: {
      ...publicRoute('waitlist', 20),
      description: 'Join the waitlist; a confirmation link is emailed in the given language',
      notes: '201 `{received: true}` for a new address and for one already listed alike: nothing is duplicated and the answer tells nothing. 400 validation_failed for an unknown municipality or category.',
      validate: { payload: signupBody },
      response: { status: { 201: signupAnswer } },
    },
    handler: async ({ payload }, request, h) => {
      await signUpForWaitlist(context, payload, (error) => request.log(['error', 'email'], { err: error }));
      return h.response({ received: true }).code(201);
    },
  });
