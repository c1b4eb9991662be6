/**
 * The client's payments on their job's page (issue 29): the pay panel at the top while a deposit is
 * due, a payment waits on their phone or the balance may be paid (entities/payment/pay-panel.tsx),
 * and the job's payments further down. Both read the one query (GET /jobs/{id}/payments), asked
 * only for a job that may hold money: one with a deposit, or accepted.
 */
import { useTranslation } from 'react-i18next';
import type { Job } from '../../entities/job/api.ts';
import { useJobPayments } from '../../entities/payment/api.ts';
import { JobPaymentsSummary } from '../../entities/payment/job-payments-summary.tsx';
import { PayPanel } from '../../entities/payment/pay-panel.tsx';
import { QueryState } from '../../components/query-state.tsx';

const withMoney: readonly Job['status'][] = ['upcoming', 'in_progress', 'completed', 'schedule_change_pending', 'continuation_proposed'];

/** A job whose money is worth asking for: a deposit asked, or work accepted. */
export function jobHoldsMoney(job: Job): boolean {
  return Boolean(job.deposit) || withMoney.includes(job.status);
}

const depositDue = (job: Job) => job.deposit?.state === 'due';

/** While a deposit is due the job waits on the client, not the provider: the page's first sentence says so. */
export function DepositDueNow({ job }: { job: Job }) {
  const { t } = useTranslation('payments-client');
  if (!(job.status === 'pending' && depositDue(job))) return null;
  return (
    <p className="alert client-job__now" role="status">
      {t('now.deposit_due', { provider: job.provider.name })}
    </p>
  );
}

/** Whether DepositDueNow speaks instead of the status's own sentence. */
export function depositDueNow(job: Job): boolean {
  return job.status === 'pending' && depositDue(job);
}

/** At the top of the page: what to pay now, if anything (its loading and failure shown only while a deposit is due). */
export function JobPayPanel({ job }: { job: Job }) {
  const { t } = useTranslation('payments-client');
  const payments = useJobPayments(job.id, { enabled: jobHoldsMoney(job) });
  if (!jobHoldsMoney(job) || payments.data === null) return null;
  if (!payments.data) {
    return depositDue(job) ? (
      <div className="card pay-panel">
        <QueryState query={payments} loading={t('pay.loading')} failed={t('pay.failed')} retryLabel={t('pay.reload')} />
      </div>
    ) : null;
  }
  return <PayPanel jobId={job.id} providerName={job.provider.name} payments={payments.data} />;
}

/** The job's payments: the figures and each payment; nothing for a job with no deposit, no payments and no way to pay here. */
export function JobPaymentsSection({ job }: { job: Job }) {
  const { t } = useTranslation('payments-client');
  const payments = useJobPayments(job.id, { enabled: jobHoldsMoney(job) });
  if (!jobHoldsMoney(job)) return null;
  if (!payments.data) {
    return depositDue(job) || payments.data === null ? null : (
      <div className="card">
        <QueryState query={payments} loading={t('pay.loading')} failed={t('pay.failed')} retryLabel={t('pay.reload')} />
      </div>
    );
  }
  const data = payments.data;
  if (data.payments.length === 0 && data.deposit.state === 'not_required' && !data.accepts_athmovil) return null;
  return <JobPaymentsSummary payments={data} timeZone={job.timezone} />;
}
