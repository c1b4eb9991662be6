/** Verification as a hapi plugin: the provider's request and certificate, the admin's queue and decisions. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { approveVerificationRoute, rejectVerificationRoute } from './routes/admin-decide.ts';
import { verificationQueueRoute } from './routes/admin-queue.ts';
import { certificateRoute } from './routes/certificate.ts';
import { myVerificationRoute } from './routes/mine.ts';
import { requestVerificationRoute } from './routes/request.ts';
import { registerRoutes } from '../../lib/route.ts';

export const verificationModule: Plugin<AppContext> = {
  name: 'verification',
  register(server, context) {
    registerRoutes(server, context, ['api', 'verification'], [requestVerificationRoute, myVerificationRoute, certificateRoute, verificationQueueRoute, approveVerificationRoute, rejectVerificationRoute]);
  },
};

export { sendExpiryNotice } from './notices.ts';
