import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { defineRoute } from '../../../lib/route.ts';
import { inboundAnswer, inboundPayload, smsSecretHeader } from '../schemas.ts';
import { receiveText } from '../service.ts';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The gateway's shared secret, compared in constant time (digests make the lengths equal). */
function fromGateway(request: Request, secret: string | null): boolean {
  const given = request.headers[smsSecretHeader];
  if (!secret || typeof given !== 'string' || !given) return false;
  return timingSafeEqual(digest(given), digest(secret));
}

/** The SMS gateway's webhook: one text it received. */
export const inboundRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/sms/inbound',
    options: {
      auth: false,
      description: 'One text the SMS gateway received (the gateway sends the shared secret in X-Sms-Secret)',
      notes:
        'STOP, PARAR, BAJA (any case, accents, spaces) stop every text to the number; START, ALTA resume them; each is answered by one text. Any other text from a client lands in the conversation of the job its latest job text was about. Always 200 with the outcome once authenticated (unknown_number, no_job, empty, refused are recorded, not retried); 401 unauthorized without the secret; 400 validation_failed for a bad body. An id makes a retried delivery count once.',
      // The secret is checked before the body is read: a stranger learns nothing of its shape.
      ext: {
        onPreAuth: {
          method: (request, h) => {
            if (!fromGateway(request, context.config.smsInboundSecret)) throw new AppError('unauthorized', 'The SMS gateway secret is missing or wrong');
            return h.continue;
          },
        },
      },
      validate: { payload: inboundPayload },
      response: { schema: inboundAnswer },
    },
    handler: async ({ payload }, request) => {
      const answer = await receiveText(context, payload);
      if (answer.outcome === 'unknown_number' || answer.outcome === 'no_job' || answer.outcome === 'refused') {
        request.log(['info', 'sms'], { inbound: answer.outcome, code: answer.code });
      }
      return answer;
    },
  });
