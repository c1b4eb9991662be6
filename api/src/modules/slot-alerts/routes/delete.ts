import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { cancelSlotAlert } from '../service.ts';

export const deleteSlotAlertRoute = (context: AppContext) =>
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/slot-alerts/{id}',
    options: {
      description: 'A client stops waiting: 204; 404 slot_alert_not_found for an alert that is not theirs or is gone',
      validate: { params: idParams },
    },
    handler: async ({ params }, request, h) => {
      await cancelSlotAlert(context, callerOf(request), params.id);
      return h.response().code(204);
    },
  });
