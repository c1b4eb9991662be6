/** Jobs as a hapi plugin: booking, the lifecycle of DESIGN.md §5, time extensions, provider stats, and their notices. */
import type { Plugin } from '@hapi/hapi';
import { subscribeNotices } from '../../lib/notices.ts';
import type { AppContext } from '../../context.ts';
import { jobNotices } from './notices/index.ts';
import { quoteNotices } from './notices/quotes.ts';
import { bookJobRoute } from './routes/book.ts';
import { cancellationPreviewRoute } from './routes/cancellation-preview.ts';
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
import { acceptSeriesRoute, bookSeriesRoute, cancelSeriesRoute, getSeriesRoute, previewSeriesRoute } from './routes/series.ts';
import { endJobRoute, startJobRoute } from './routes/start-end.ts';
import { onMyWayRoute } from './routes/on-my-way.ts';
import { providerStatsRoute } from './routes/stats.ts';
import { confirmBillRoute } from './routes/bill-confirm.ts';
import { receiptRoute } from './routes/receipt.ts';
import { receiptPdfRoute } from './routes/receipt-pdf.ts';
import { earningsCsvRoute } from './routes/earnings-csv.ts';
import { acceptQuoteRoute, counterQuoteRoute, declineQuoteRoute } from './routes/quote-answers.ts';
import { conversationQuotesRoute } from './routes/quote-conversation-list.ts';
import { sendConversationQuoteRoute } from './routes/quote-conversation-send.ts';
import { getQuoteRoute } from './routes/quote-get.ts';
import { jobQuoteRoute } from './routes/quote-of-job.ts';
import { sendJobQuoteRoute } from './routes/quote-send.ts';
import { answerNoShowRoute } from './routes/no-show-answer.ts';
import { adminNoShowsRoute } from './routes/no-show-list.ts';
import { noShowPreviewRoute } from './routes/no-show-preview.ts';
import { reportNoShowRoute } from './routes/no-show-report.ts';
import { resolveNoShowRoute } from './routes/no-show-resolve.ts';
import { registerRoutes } from '../../lib/route.ts';
import { followPaymentChange } from './service/deposits.ts';

export const jobsModule: Plugin<AppContext> = {
  name: 'jobs',
  register(server, context) {
    registerRoutes(server, context, ['api', 'jobs'], [
        listJobsRoute,
        calendarJobsRoute,
        getJobRoute,
        bookJobRoute,
        previewSeriesRoute,
        bookSeriesRoute,
        getSeriesRoute,
        acceptSeriesRoute,
        cancelSeriesRoute,
        providerCreateJobRoute,
        continuationRoute,
        jobSessionsRoute,
        jobHistoryRoute,
        cancellationPreviewRoute,
        patchJobRoute,
        deleteJobRoute,
        reviewPromptShownRoute,
        startJobRoute,
        endJobRoute,
        onMyWayRoute,
        requestExtensionRoute,
        answerExtensionRoute,
        jobExtensionsRoute,
        myExtensionsRoute,
        sendJobQuoteRoute,
        jobQuoteRoute,
        getQuoteRoute,
        acceptQuoteRoute,
        declineQuoteRoute,
        counterQuoteRoute,
        sendConversationQuoteRoute,
        conversationQuotesRoute,
        noShowPreviewRoute,
        reportNoShowRoute,
        answerNoShowRoute,
        adminNoShowsRoute,
        resolveNoShowRoute,
        providerStatsRoute,
        confirmBillRoute,
        receiptRoute,
        receiptPdfRoute,
        earningsCsvRoute,
      ]);
    subscribeNotices(server, context, jobNotices);
    subscribeNotices(server, context, quoteNotices);
    // A deposit read back paid confirms its job at once (service/deposits.ts); the sweep is the fallback.
    const stop = context.events.subscribe('payment.changed', async (event) => {
      try {
        await followPaymentChange(context, event);
      } catch (error) {
        server.log(['error', 'jobs', 'deposits'], { err: error, event });
      }
    });
    server.ext('onPostStop', () => stop());
  },
};

/** What the calendar feed, the background work and other modules use of jobs. */
export { addressLineSql, contactSharedSql } from './repository.ts';
export { expireOverdueJobs } from './service/lifecycle.ts';
export { settleDepositHolds } from './service/deposits.ts';
export { jobFacts, sendJobReminder } from './notices/index.ts';
export type { ReminderKind } from './notices/texts.ts';
