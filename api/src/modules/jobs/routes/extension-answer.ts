import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { answerExtension } from '../extensions.ts';
import { extensionAnswerBody, extensionSchema, jobIdParams } from '../schemas.ts';

export const answerExtensionRoute = (context: AppContext): ServerRoute => ({
  method: 'PUT',
  path: '/api/v1/job-time-extensions/{id}',
  options: {
    tags: ['api', 'jobs'],
    description: "The job's client approves (the held time grows, if free) or declines a time extension",
    notes: '409 extension_already_decided for an answered request; 409 slot_already_booked when the time after the job is taken.',
    validate: { params: jobIdParams, payload: extensionAnswerBody },
    response: { status: { 200: extensionSchema } },
  },
  handler: (request) => {
    const { status } = request.payload as { status: 'approved' | 'declined' };
    return answerExtension(context, callerOf(request), (request.params as { id: string }).id, status);
  },
});
