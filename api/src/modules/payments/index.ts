/**
 * Deposits and payments as a hapi plugin (issue 29, decision 0060): a provider's ATH Business
 * account and deposit rules, a job's payments (read back from the processor before they count),
 * refunds, the processor's notification, the admins' list, the refunds a cancellation owes
 * (following `job.changed`), and the notices of each change.
 */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { subscribeNotices } from '../../lib/notices.ts';
import { registerRoutes } from '../../lib/route.ts';
import { paymentNotices } from './notices.ts';
import { deletePaymentAccountRoute } from './routes/account-delete.ts';
import { getPaymentAccountRoute } from './routes/account-get.ts';
import { putPaymentAccountRoute } from './routes/account-put.ts';
import { testPaymentAccountRoute } from './routes/account-test.ts';
import { adminPaymentsRoute } from './routes/admin-list.ts';
import { cancelPaymentRoute } from './routes/cancel.ts';
import { checkPaymentRoute } from './routes/check.ts';
import { createPaymentRoute } from './routes/create.ts';
import { putDepositRuleRoute } from './routes/deposit-rule-put.ts';
import { listDepositRulesRoute } from './routes/deposit-rules-list.ts';
import { jobPaymentsRoute } from './routes/job-payments.ts';
import { notifyRoute } from './routes/notify.ts';
import { otherPaymentRoute } from './routes/other.ts';
import { refundPaymentRoute } from './routes/refund.ts';
import { settleCancelledJob } from './service/refunds.ts';

const cancelledStatuses = new Set(['cancelled', 'cancelled_by_client', 'expired']);

export const paymentsModule: Plugin<AppContext> = {
  name: 'payments',
  register(server, context) {
    registerRoutes(server, context, ['api', 'payments'], [
      getPaymentAccountRoute,
      putPaymentAccountRoute,
      deletePaymentAccountRoute,
      testPaymentAccountRoute,
      listDepositRulesRoute,
      putDepositRuleRoute,
      jobPaymentsRoute,
      createPaymentRoute,
      otherPaymentRoute,
      checkPaymentRoute,
      cancelPaymentRoute,
      refundPaymentRoute,
      notifyRoute,
      adminPaymentsRoute,
    ]);
    subscribeNotices(server, context, paymentNotices);
    // A job cancelled (or expired) stops its open payments and refunds its paid ones as
    // refundOnCancel says; every process hears the event, and the payment's lock with
    // refund_decided_at makes one of them decide.
    const stop = context.events.subscribe('job.changed', async (event) => {
      if (!cancelledStatuses.has(event.status)) return;
      try {
        await settleCancelledJob(context, event.job_id);
      } catch (error) {
        server.log(['error', 'payments'], { message: error instanceof Error ? error.message : String(error), job_id: event.job_id });
      }
    });
    server.ext('onPostStop', () => stop());
  },
};

/** What other modules and the background work use of payments. */
export { reconcilePayments } from './service/reconcile.ts';
export { refundCancelledJob } from './service/refunds.ts';
export { verifyPayment } from './service/verify.ts';
