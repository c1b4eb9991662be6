import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { verifyAnswer, verifyBody } from '../schemas.ts';
import { verifyWaitlistSignup } from '../service.ts';
import { publicRoute } from './signup.ts';

export const waitlistVerifyRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/waitlist/verify',
    options: {
      ...publicRoute('waitlist-verify', 30),
      description: "Confirm a waitlist signup's email with the token of its link",
      notes: '200 `{verified: true}`, also when the link is opened again; 400 waitlist_link_invalid for an unknown or expired token.',
      validate: { payload: verifyBody },
      response: { status: { 200: verifyAnswer } },
    },
    handler: async ({ payload }) => {
      await verifyWaitlistSignup(context, payload.token);
      return { verified: true };
    },
  });
