/** Texts people agreed to and can stop, and replies by text (issue 30), as a hapi plugin: the gateway's webhook. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { registerRoutes } from '../../lib/route.ts';
import { inboundRoute } from './routes/inbound.ts';

/** The phone module records the consent when a number is verified. */
export { recordSmsConsent } from './service.ts';
/** The dev outbox page's reply form sends through the webhook itself. */
export { devReplyPayload, smsSecretHeader, inboundAnswer } from './schemas.ts';

export const smsModule: Plugin<AppContext> = {
  name: 'sms',
  register(server, context) {
    registerRoutes(server, context, ['api', 'sms'], [inboundRoute]);
  },
};
