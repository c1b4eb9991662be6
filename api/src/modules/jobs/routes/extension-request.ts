import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { requestExtension } from '../extensions.ts';
import { extensionSchema, newExtensionBody } from '../schemas.ts';

export const requestExtensionRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/job-time-extensions',
  options: {
    tags: ['api', 'jobs'],
    description: 'The provider of a job in progress asks the client for more hours',
    notes: '409 extension_pending while another request waits; 409 invalid_transition when the job is not in progress.',
    validate: { payload: newExtensionBody },
    response: { status: { 201: extensionSchema } },
  },
  handler: async (request, h) => {
    const body = request.payload as { job_id: string; additional_hours: number; reason?: string | null };
    return h.response(await requestExtension(context, callerOf(request), body)).code(201);
  },
});
