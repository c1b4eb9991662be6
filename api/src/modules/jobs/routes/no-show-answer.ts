import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { defineRoute } from '../../../lib/route.ts';
import { idParams } from '../../../lib/validation.ts';
import { answerNoShow } from '../service/no-shows.ts';
import { jobSchema, noShowAnswerBody } from '../schemas.ts';

export const answerNoShowRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/jobs/{id}/no-show/answer',
    options: {
      description: "The side that did not report a job's no-show answers it in its own words, once",
      notes: '403 forbidden for the reporter; 404 no_show_not_found without a report; 409 no_show_already_answered the second time.',
      validate: { params: idParams, payload: noShowAnswerBody },
      response: { status: { 200: jobSchema } },
    },
    handler: ({ params, payload }, request) => answerNoShow(context, params.id, callerOf(request), payload.text),
  });
