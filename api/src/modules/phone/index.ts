/** Phone verification (SPEC.md §4, §8) as a hapi plugin: send a code, verify it, ask the status. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { sendVerificationRoute } from './routes/send-verification.ts';
import { verificationStatusRoute } from './routes/verification-status.ts';
import { verifyRoute } from './routes/verify.ts';

export const phoneModule: Plugin<AppContext> = {
  name: 'phone-module',
  register(server, context) {
    server.route([sendVerificationRoute, verifyRoute, verificationStatusRoute].map((route) => route(context)));
  },
};
