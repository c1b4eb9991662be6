import type { AppContext } from '../../../context.ts';
import { adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { defineRoute } from '../../../lib/route.ts';
import { queueQuery, queueSchema } from '../schemas.ts';
import { verificationQueue } from '../service.ts';

export const verificationQueueRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/admin/verification-requests',
    options: {
      ...adminOnly,
      tags: adminTags('verification'),
      description: 'The verification queue: pending requests oldest first, or the approved or rejected ones newest first',
      notes: '403 forbidden for anybody but an admin; 401 without a token.',
      validate: { query: queueQuery },
      response: { status: { 200: queueSchema } },
    },
    handler: ({ query }) => verificationQueue(context, query),
  });
