import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { idempotencyHeaders, idempotencyKeyOf, respondOnce } from '../../../lib/idempotency.ts';
import { defineRoute } from '../../../lib/route.ts';
import { bookJob } from '../service/booking.ts';
import { jobSchema, newBookingBody } from '../schemas.ts';

export const bookJobRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/jobs',
    options: {
      description: 'A client books a provider: 201 with the pending job',
      notes:
        '409 time_not_available, provider_closed_weekday, provider_unavailable, outside_business_hours, slot_already_booked; 404 provider_not_found. Idempotency-Key: the same key and body answer the first answer; another body is 422 idempotency_key_reused.',
      validate: { payload: newBookingBody, headers: idempotencyHeaders },
      response: { status: { 201: jobSchema } },
    },
    handler: async ({ payload }, request, h) => respondOnce(h, await bookJob(context, callerOf(request), payload, idempotencyKeyOf(request))),
  });
