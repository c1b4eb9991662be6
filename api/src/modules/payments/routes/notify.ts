import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { notifyBody } from '../schemas.ts';
import { verifyByEcommerceId } from '../service/verify.ts';

/** The one word of a notification the product reads: the processor's id of a payment. */
function ecommerceIdOf(body: unknown): string | null {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>).ecommerceId : undefined;
  return typeof value === 'string' && value.length > 0 && value.length <= 100 ? value : null;
}

export const notifyRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/payments/athmovil/notify',
    options: {
      auth: false,
      description: "ATH Móvil's notification (callback/webhook): always 202 with nothing in it; only wakes the payment's read-back",
      notes: 'Unsigned, so never believed: only a string ecommerceId is read, and the payment it names is read back from the processor after answering. An unknown id is 202 too.',
      plugins: { rateLimit: { bucket: 'payments-notify', limit: 600, windowSeconds: 60, by: 'ip' } },
      // Small, and a body that does not parse is still 202 (nothing read from it).
      payload: { maxBytes: 16 * 1024, parse: true, failAction: 'ignore' },
      validate: { payload: notifyBody },
    },
    handler: ({ payload }, request, h) => {
      const ecommerceId = ecommerceIdOf(payload);
      if (ecommerceId) {
        context.afterAnswer.run(
          request.raw.res,
          () => verifyByEcommerceId(context, ecommerceId),
          (error) => request.log(['error', 'payments'], { message: error instanceof Error ? error.message : String(error) }),
        );
      }
      return h.response().code(202);
    },
  });
