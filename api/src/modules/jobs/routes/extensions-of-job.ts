import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { extensionsOfJob } from '../extensions.ts';
import { extensionItems, jobIdParams } from '../schemas.ts';
import { callerOf } from '../../../lib/caller.ts';
import { privateCache } from '../../../lib/http-cache.ts';

export const jobExtensionsRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/job-time-extensions/job/{id}',
  options: {
    tags: ['api', 'jobs'],
    description: "A job's time extension requests, oldest first (cached 5 minutes, SPEC.md §7; the ui refetches after a change)",
    validate: { params: jobIdParams },
    response: { status: { 200: extensionItems } },
  },
  handler: async (request, h) => privateCache(h, await extensionsOfJob(context.knex, callerOf(request), (request.params as { id: string }).id), 300),
});
