import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { createSlotAlert } from '../service.ts';
import { newSlotAlertBody, slotAlertSchema } from '../schemas.ts';

export const createSlotAlertRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/slot-alerts',
    options: {
      description: "A client asks to hear when a time frees on a provider's full day: 201 with the alert (asking again answers the same one, waiting)",
      notes: '409 slot_alert_day_not_full (a free time, or a closed, blocked, past or too distant day), slot_alert_limit_reached; 403 for a provider account; 404 not_found for an unknown provider.',
      validate: { payload: newSlotAlertBody },
      response: { status: { 201: slotAlertSchema } },
    },
    handler: async ({ payload }, request, h) => h.response(await createSlotAlert(context, callerOf(request), payload)).code(201),
  });
