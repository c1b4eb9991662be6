import type { ServerRoute } from '@hapi/hapi';
import type { WaitlistSignupInput } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { signupAnswer, signupBody } from '../schemas.ts';
import { signUpForWaitlist } from '../service.ts';

export const waitlistSignupRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/waitlist/signup',
  options: {
    auth: false,
    tags: ['api', 'waitlist'],
    description: 'Join the waitlist; a confirmation link is emailed in the given language',
    notes: '201 `{received: true}` for a new address and for one already listed alike: nothing is duplicated and the answer tells nothing. 400 validation_failed for an unknown municipality or category.',
    plugins: { rateLimit: { bucket: 'waitlist', limit: 20, windowSeconds: 600, by: 'ip' } },
    validate: { payload: signupBody },
    response: { status: { 201: signupAnswer } },
  },
  handler: async (request, h) => {
    await signUpForWaitlist(context, request.payload as WaitlistSignupInput, (error) => request.log(['error', 'email'], { err: error }));
    return h.response({ received: true }).code(201);
  },
});
