import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { requestExtension } from '../service/extensions.ts';
import { extensionSchema, newExtensionBody } from '../schemas.ts';

export const requestExtensionRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/job-time-extensions',
    options: {
      description: 'The provider of a job in progress asks the client for more hours',
      notes: '409 extension_pending while another request waits; 409 invalid_transition when the job is not in progress.',
      validate: { payload: newExtensionBody },
      response: { status: { 201: extensionSchema } },
    },
    handler: async ({ payload }, request, h) => h.response(await requestExtension(context, callerOf(request), payload)).code(201),
  });
