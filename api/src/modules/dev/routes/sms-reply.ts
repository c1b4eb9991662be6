import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { defineRoute } from '../../../lib/route.ts';
import { devReplyPayload, inboundAnswer, smsSecretHeader } from '../../sms/index.ts';

/**
 * The outbox page's "Responder": a text from a number the outbox wrote to, sent through the
 * gateway's own webhook with the configured secret, so it takes the path a real reply takes.
 */
export const smsReplyRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/dev/sms-reply',
    options: {
      auth: false,
      description: 'Reply to a text as its recipient, through the SMS webhook (development only)',
      validate: { payload: devReplyPayload },
      response: { schema: inboundAnswer },
    },
    handler: async ({ payload }, request) => {
      const secret = context.config.smsInboundSecret;
      if (!secret) throw new AppError('service_unavailable', 'No SMS inbound secret is configured');
      const answer = await request.server.inject({
        method: 'POST',
        url: '/api/v1/sms/inbound',
        headers: { [smsSecretHeader]: secret },
        payload,
        // The webhook sees this machine as the caller, as the dev routes require.
        remoteAddress: '127.0.0.1',
      });
      if (answer.statusCode !== 200) throw new AppError('service_unavailable', `The SMS webhook answered ${answer.statusCode}`);
      return answer.result as object;
    },
  });
