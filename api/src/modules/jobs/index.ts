/** Jobs as a hapi plugin: booking, the lifecycle of DESIGN.md §5, time extensions, provider stats, and their notices. */
import type { Plugin } from '@hapi/hapi';
import { subscribeNotices } from '../../lib/notices.ts';
import type { AppContext } from '../../context.ts';
import { jobNotices } from './notices/index.ts';
import { bookJobRoute } from './routes/book.ts';
import { calendarJobsRoute } from './routes/calendar.ts';
import { continuationRoute } from './routes/continuation.ts';
import { deleteJobRoute } from './routes/delete.ts';
import { answerExtensionRoute } from './routes/extension-answer.ts';
import { requestExtensionRoute } from './routes/extension-request.ts';
import { myExtensionsRoute } from './routes/extensions-mine.ts';
import { jobExtensionsRoute } from './routes/extensions-of-job.ts';
import { getJobRoute } from './routes/get.ts';
import { jobHistoryRoute } from './routes/history.ts';
import { listJobsRoute } from './routes/list.ts';
import { patchJobRoute } from './routes/patch.ts';
import { providerCreateJobRoute } from './routes/provider-create.ts';
import { reviewPromptShownRoute } from './routes/review-prompt-shown.ts';
import { jobSessionsRoute } from './routes/sessions.ts';
import { endJobRoute, startJobRoute } from './routes/start-end.ts';
import { providerStatsRoute } from './routes/stats.ts';
import { registerRoutes } from '../../lib/route.ts';

export const jobsModule: Plugin<AppContext> = {
  name: 'jobs',
  register(server, context) {
    registerRoutes(server, context, ['api', 'jobs'], [
        listJobsRoute,
        calendarJobsRoute,
        getJobRoute,
        bookJobRoute,
        providerCreateJobRoute,
        continuationRoute,
        jobSessionsRoute,
        jobHistoryRoute,
        patchJobRoute,
        deleteJobRoute,
        reviewPromptShownRoute,
        startJobRoute,
        endJobRoute,
        requestExtensionRoute,
        answerExtensionRoute,
        jobExtensionsRoute,
        myExtensionsRoute,
        providerStatsRoute,
      ]);
    subscribeNotices(server, context, jobNotices);
  },
};

/** What the calendar feed, the background work and other modules use of jobs. */
export { addressLineSql, contactSharedSql } from './repository.ts';
export { expireOverdueJobs } from './service/lifecycle.ts';
export { jobFacts, sendJobReminder } from './notices/index.ts';
export type { ReminderKind } from './notices/texts.ts';
