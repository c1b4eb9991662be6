/**
 * The "Pagos" card of the provider's job page (issue 29): the deposit (due with the time the hold
 * has left, paid, released), what was paid, waits on a phone, was refunded, and what is left; each
 * payment's line with its refunds; recording money received another way and refunding a paid
 * payment, each asked in a dialog first. The api decides every figure; the page only shows them.
 */
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@resuelve/contract';
import type { JobPayments } from '@resuelve/contract';
import { Badge } from '../../components/badge.tsx';
import { QueryState } from '../../components/query-state.tsx';
import type { Job } from '../../entities/job/api.ts';
import { useJobLocale } from '../../entities/job/job-format.ts';
import { useJobPayments } from '../../entities/payment/api.ts';
import { isApiError } from '../../lib/api-error.ts';
import { JobPaymentLine, RecordOtherPayment } from './job-payments-card-actions.tsx';
import { useNow } from './messages.ts';
import { ProviderSection } from './section.tsx';
import './job-payments-card.css';

/** A request not accepted yet, or a job that ended unaccepted, with no money on it: nothing to show or record. */
function quiet(job: Job, payments: JobPayments): boolean {
  const nothing = payments.payments.length === 0 && payments.deposit.state === 'not_required' && payments.total_cents === null;
  const unaccepted = job.status === 'pending' || job.status === 'modification_requested' || job.status === 'expired';
  return nothing && unaccepted;
}

/** The card, once the job's money is read (nothing for a job the api keeps no payments for). */
export function JobPaymentsCard({ job }: { job: Job }) {
  const { t } = useTranslation('payments');
  const payments = useJobPayments(job.id);
  if (payments.isError && isApiError(payments.error) && (payments.error.status === 404 || payments.error.status === 403)) return null;
  if (payments.data && quiet(job, payments.data)) return null;
  return (
    <ProviderSection title={t('card.title')} className="job-payments">
      {payments.data ? (
        <JobPaymentsFigures payments={payments.data} />
      ) : (
        <QueryState query={payments} loading={t('card.loading')} failed={t('card.failed')} retryLabel={t('card.retry')} />
      )}
    </ProviderSection>
  );
}

/** The figures and lines of a job's money, as the provider reads them, and what the provider may record. */
export function JobPaymentsFigures({ payments }: { payments: JobPayments }) {
  const { t } = useTranslation('payments');
  const locale = useJobLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  const rows: Array<[string, string]> = [];
  if (payments.total_cents !== null) rows.push([t('card.total'), money(payments.total_cents)]);
  rows.push([t('card.paid'), money(payments.paid_cents)]);
  if (payments.pending_cents > 0) rows.push([t('card.pending'), money(payments.pending_cents)]);
  if (payments.refunded_cents > 0) rows.push([t('card.refunded'), money(payments.refunded_cents)]);
  if (payments.balance_cents !== null) rows.push([t('card.balance'), money(payments.balance_cents)]);

  return (
    <>
      {payments.demo ? (
        <p>
          <Badge tone="warning" title={t('demo.hint')}>
            {t('demo.badge')}
          </Badge>
        </p>
      ) : null}
      <DepositState payments={payments} />
      <dl className="job-payments__figures">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {payments.payments.length === 0 ? (
        <p className="muted">{payments.accepts_athmovil ? t('card.none_yet') : t('card.none_no_account')}</p>
      ) : (
        <ul className="job-payments__lines" aria-label={t('card.lines')}>
          {payments.payments.map((payment) => (
            <li key={payment.id}>
              <JobPaymentLine payment={payment} />
            </li>
          ))}
        </ul>
      )}
      <RecordOtherPayment jobId={payments.job_id} />
    </>
  );
}

function DepositState({ payments }: { payments: JobPayments }) {
  const { t } = useTranslation('payments');
  const locale = useJobLocale();
  const now = useNow(30_000);
  const { deposit } = payments;
  if (deposit.state === 'not_required') return null;
  const amount = formatMoney(deposit.amount_cents, locale);
  if (deposit.state === 'paid') {
    return (
      <p className="job-payments__deposit">
        <Badge tone="success">{t('deposit.paid_badge')}</Badge> {t('deposit.paid', { amount })}
      </p>
    );
  }
  if (deposit.state === 'released') {
    return (
      <p className="job-payments__deposit">
        <Badge tone="neutral">{t('deposit.released_badge')}</Badge> {t('deposit.released', { amount })}
      </p>
    );
  }
  const minutes = deposit.hold_until === null ? null : Math.max(0, Math.ceil((new Date(deposit.hold_until).getTime() - now.getTime()) / 60_000));
  return (
    <p className="job-payments__deposit">
      <Badge tone="warning">{t('deposit.due_badge')}</Badge>{' '}
      {minutes === null ? t('deposit.due', { amount }) : t('deposit.due_hold', { amount, count: minutes })}
    </p>
  );
}
