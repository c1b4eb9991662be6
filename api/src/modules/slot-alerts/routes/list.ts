import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { listSlotAlerts } from '../service.ts';
import { slotAlertList, slotAlertsQuery } from '../schemas.ts';

export const listSlotAlertsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/slot-alerts',
    options: {
      description: "The signed-in client's earlier-slot alerts on days not yet passed, soonest first (of one provider with provider_id)",
      validate: { query: slotAlertsQuery },
      response: { status: { 200: slotAlertList } },
    },
    handler: async ({ query }, request) => listSlotAlerts(context, callerOf(request), query.provider_id ?? null),
  });
