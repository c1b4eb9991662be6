/**
 * A job's money as its client reads it (issue 29): the deposit and where it stands, the job's
 * total, what was paid, what waits on a phone, what was refunded and the balance left; then each
 * payment in a line (what for, how, its state, its amount, refunds and the processor's reference).
 */
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@resuelve/contract';
import type { JobPayments } from '@resuelve/contract';
import { formatJobDate, useJobLocale } from '../job/job-format.ts';
import { DemoPaymentsMark, PaymentStatusBadge, usePaymentLineText } from './payment-marks.tsx';

export function JobPaymentsSummary({ payments, timeZone, headingLevel = 2 }: { payments: JobPayments; timeZone: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('payments-client');
  const locale = useJobLocale();
  const headingId = useId();
  const lineText = usePaymentLineText({ withStatus: false });
  const money = (cents: number) => formatMoney(cents, locale);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const lines = [...payments.payments].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  const { deposit } = payments;
  return (
    <section className="card payments-summary" aria-labelledby={headingId} data-testid="payments-summary">
      <header className="payments-summary__head">
        <Heading id={headingId}>{t('summary.title')}</Heading>
        {payments.demo ? <DemoPaymentsMark /> : null}
      </header>
      <dl className="payments-summary__figures">
        {deposit.state !== 'not_required' ? <Figure label={t('summary.deposit')}>{t(`summary.deposit_state.${deposit.state}`, { amount: money(deposit.amount_cents) })}</Figure> : null}
        {payments.total_cents !== null ? <Figure label={t('summary.total')}>{money(payments.total_cents)}</Figure> : null}
        <Figure label={t('summary.paid')}>{money(payments.paid_cents)}</Figure>
        {payments.pending_cents > 0 ? <Figure label={t('summary.pending')}>{money(payments.pending_cents)}</Figure> : null}
        {payments.refunded_cents > 0 ? <Figure label={t('summary.refunded')}>{money(payments.refunded_cents)}</Figure> : null}
        {payments.balance_cents !== null ? (
          <Figure label={t('summary.balance')} strong>
            {money(payments.balance_cents)}
          </Figure>
        ) : null}
      </dl>
      {lines.length === 0 ? (
        <p className="muted">{t('summary.empty')}</p>
      ) : (
        <>
          <h3 className="payments-summary__subtitle">{t('summary.lines')}</h3>
          <ul className="payments-summary__lines">
            {lines.map((payment) => (
              <li key={payment.id} className="payments-summary__line">
                <span className="payments-summary__what">
                  <span>{lineText(payment)}</span>
                  <span className="muted payments-summary__meta">
                    {formatJobDate(payment.paid_at ?? payment.created_at, locale, timeZone)}
                    {payment.reference ? ` · ${t('line.reference', { reference: payment.reference })}` : ''}
                    {payment.note ? ` · ${payment.note}` : ''}
                  </span>
                  {payment.refunded_cents > 0 ? <span className="payments-summary__refund">{t('summary.refunded_line', { amount: money(payment.refunded_cents) })}</span> : null}
                </span>
                <span className="payments-summary__amount">
                  <strong>{money(payment.amount_cents)}</strong>
                  <PaymentStatusBadge payment={payment} />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Figure({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className={strong ? 'payments-summary__figure payments-summary__figure--strong' : 'payments-summary__figure'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
