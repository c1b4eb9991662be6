import type { ServerRoute } from '@hapi/hapi';
import type { TimeExtensionStatus } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { myExtensions } from '../extensions.ts';
import { extensionItems, extensionListQuery } from '../schemas.ts';
import { callerOf } from '../../../lib/caller.ts';
import { privateCache } from '../../../lib/http-cache.ts';

export const myExtensionsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/job-time-extensions',
  options: {
    tags: ['api', 'jobs'],
    description: "Time extension requests on the caller's jobs, newest first (cached 2 minutes, SPEC.md §7)",
    validate: { query: extensionListQuery },
    response: { status: { 200: extensionItems } },
  },
  handler: async (request, h) => {
    const query = request.query as { status?: TimeExtensionStatus; limit: number };
    return privateCache(h, await myExtensions(context.knex, callerOf(request), query), 120);
  },
});
