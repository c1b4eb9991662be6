/** Phone verification (SPEC.md §4, §8) as a hapi plugin: send a code, verify it, ask the status. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { sendVerificationRoute } from './routes/send-verification.ts';
import { verificationStatusRoute } from './routes/verification-status.ts';
import { verifyRoute } from './routes/verify.ts';
import { registerRoutes } from '../../lib/route.ts';

export const phoneModule: Plugin<AppContext> = {
  name: 'phone-module',
  register(server, context) {
    registerRoutes(server, context, ['api', 'phone'], [sendVerificationRoute, verifyRoute, verificationStatusRoute]);
  },
};
