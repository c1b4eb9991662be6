import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { privateCache } from '../../../lib/http-cache.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { extensionsOfJob } from '../service/extensions.ts';
import { extensionItems } from '../schemas.ts';

export const jobExtensionsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/job-time-extensions/job/{id}',
    options: {
      description: "A job's time extension requests, oldest first (cached 5 minutes, SPEC.md §7; the ui refetches after a change)",
      validate: { params: idParams },
      response: { status: { 200: extensionItems } },
    },
    handler: async ({ params }, request, h) => privateCache(h, await extensionsOfJob(context.knex, callerOf(request), params.id), 300),
  });
