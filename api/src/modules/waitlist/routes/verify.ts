import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { verifyAnswer, verifyBody } from '../schemas.ts';
import { verifyWaitlistSignup } from '../service.ts';

export const waitlistVerifyRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/waitlist/verify',
  options: {
    auth: false,
    tags: ['api', 'waitlist'],
    description: "Confirm a waitlist signup's email with the token of its link",
    notes: '200 `{verified: true}`, also when the link is opened again; 400 waitlist_link_invalid for an unknown or expired token.',
    plugins: { rateLimit: { bucket: 'waitlist-verify', limit: 30, windowSeconds: 600, by: 'ip' } },
    validate: { payload: verifyBody },
    response: { status: { 200: verifyAnswer } },
  },
  handler: async (request) => {
    await verifyWaitlistSignup(context, (request.payload as { token: string }).token);
    return { verified: true };
  },
});
