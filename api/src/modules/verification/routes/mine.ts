import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { myVerificationSchema } from '../schemas.ts';
import { myVerification } from '../service.ts';

export const myVerificationRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/providers/me/verification',
    options: {
      description: "The provider's badges (verified, insured and its expiry) and their latest verification request",
      notes: '403 forbidden for anyone but a provider.',
      response: { status: { 200: myVerificationSchema } },
    },
    handler: (_input, request) => myVerification(context, callerOf(request)),
  });
