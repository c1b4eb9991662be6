/** The provider's "on my way" on an upcoming job's day, with an arrival estimate (service/on-my-way.ts). */
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { sayOnMyWay } from '../service/on-my-way.ts';
import { jobSchema } from '../schemas.ts';
import { onMyWayBody } from '../schemas/on-my-way.ts';

export const onMyWayRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/jobs/{id}/on-my-way',
    options: {
      description: "The provider of an upcoming job says, on its day, that they are on their way, with the arrival in minutes or as today's HH:MM",
      notes:
        'The client sees it live (job.changed, action on_my_way) and hears it by SMS or email. 409 not_on_scheduled_day on another day, 409 invalid_transition unless upcoming, 400 arrival_out_of_range outside 5 minutes to 4 hours from now, 403 for the client.',
      validate: { params: idParams, payload: onMyWayBody },
      response: { status: { 200: jobSchema } },
    },
    handler: ({ params, payload }, request) => sayOnMyWay(context, params.id, callerOf(request), payload),
  });
