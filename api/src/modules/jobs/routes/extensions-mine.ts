import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { privateCache } from '../../../lib/http-cache.ts';
import { defineRoute } from '../../../lib/route.ts';
import { myExtensions } from '../service/extensions.ts';
import { extensionItems, extensionListQuery } from '../schemas.ts';

export const myExtensionsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/job-time-extensions',
    options: {
      description: "Time extension requests on the caller's jobs, newest first (cached 2 minutes, SPEC.md §7)",
      validate: { query: extensionListQuery },
      response: { status: { 200: extensionItems } },
    },
    handler: async ({ query }, request, h) => privateCache(h, await myExtensions(context.knex, callerOf(request), query), 120),
  });
