import type { AppContext } from '../../../context.ts';
import { adminCaller, adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { resolveNoShow } from '../service/no-shows.ts';
import { adminNoShowSchema, noShowResolutionBody } from '../schemas.ts';

export const resolveNoShowRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/admin/no-shows/{id}/resolve',
    options: {
      ...adminOnly,
      tags: adminTags('no-shows'),
      description: "An admin resolves a no-show report with a note; waive_fee clears the fee recorded on the job. Both parties are told",
      notes: '403 forbidden for anybody but an admin; 404 no_show_not_found; 409 no_show_already_resolved.',
      validate: { params: idParams, payload: noShowResolutionBody },
      response: { status: { 200: adminNoShowSchema } },
    },
    handler: ({ params, payload }, request) => resolveNoShow(context, adminCaller(request), params.id, payload),
  });
