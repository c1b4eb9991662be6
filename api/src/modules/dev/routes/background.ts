import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { backgroundJobs } from '../../../background/index.ts';
import { backgroundParams, backgroundRun } from '../schemas.ts';

/** A background job now, by the server's clock (the browser journeys move the clock, then call this). */
export const runBackgroundJobRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/dev/background/{name}',
    options: {
      auth: false,
      description: 'Run a background job now (development only)',
      validate: { params: backgroundParams },
      response: { schema: backgroundRun },
    },
    handler: async ({ params: { name } }, request) => {
      const count = await backgroundJobs[name](context, (error) => request.log(['error', 'jobs'], { err: error }));
      return { name, count };
    },
  });
