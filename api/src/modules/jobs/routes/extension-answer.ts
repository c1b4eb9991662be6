import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { answerExtension } from '../service/extensions.ts';
import { extensionAnswerBody, extensionSchema } from '../schemas.ts';

export const answerExtensionRoute = (context: AppContext) =>
  defineRoute({
    method: 'PUT',
    path: '/api/v1/job-time-extensions/{id}',
    options: {
      description: "The job's client approves (the held time grows, if free) or declines a time extension",
      notes: '409 extension_already_decided for an answered request; 409 slot_already_booked when the time after the job is taken.',
      validate: { params: idParams, payload: extensionAnswerBody },
      response: { status: { 200: extensionSchema } },
    },
    handler: ({ params, payload }, request) => answerExtension(context, callerOf(request), params.id, payload.status),
  });
