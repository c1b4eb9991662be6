/**
 * A receipt's payments (issue 29, contract payments.ts `ReceiptPayments`), for both parties and on
 * paper: each payment that counts or waits ("Depósito pagado con ATH Móvil $40", "Pagado con
 * efectivo $50"), what was refunded of it, then paid, pending, refunded and the balance left.
 * Payments that never counted (declined, expired, cancelled, not confirmed) are not on a receipt.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@resuelve/contract';
import type { ReceiptPayments } from '@resuelve/contract';
import { usePaymentLineText } from '../payment/payment-marks.tsx';
import { useJobLocale } from '../job/job-format.ts';

export function ReceiptPaymentsBlock({ payments }: { payments: ReceiptPayments }) {
  const { t } = useTranslation('payments-client');
  const locale = useJobLocale();
  const headingId = useId();
  const lineText = usePaymentLineText();
  const money = (cents: number) => formatMoney(cents, locale);
  const lines = payments.lines.filter((line) => line.status === 'paid' || line.status === 'open');
  if (lines.length === 0 && payments.refunded_cents === 0) return null;
  return (
    <section className="receipt__payments" aria-labelledby={headingId} data-testid="receipt-payments">
      <h2 id={headingId} className="receipt__payments-title">
        {t('receipt.title')}
      </h2>
      <dl className="receipt__payment-lines">
        {lines.map((line) => (
          <div key={line.id} className="receipt__payment-line">
            <dt>
              {lineText(line)}
              {line.reference ? <span className="receipt__payment-ref"> · {t('line.reference', { reference: line.reference })}</span> : null}
            </dt>
            <dd>{money(line.amount_cents)}</dd>
            {line.refunded_cents > 0 ? (
              <>
                <dt className="receipt__payment-refund">{t('receipt.refund_of')}</dt>
                <dd className="receipt__payment-refund">−{money(line.refunded_cents)}</dd>
              </>
            ) : null}
          </div>
        ))}
      </dl>
      <dl className="receipt__due receipt__payment-totals">
        <div>
          <dt>{t('receipt.paid')}</dt>
          <dd>{money(payments.paid_cents)}</dd>
        </div>
        {payments.refunded_cents > 0 ? (
          <div>
            <dt>{t('receipt.refunded')}</dt>
            <dd>−{money(payments.refunded_cents)}</dd>
          </div>
        ) : null}
        {payments.pending_cents > 0 ? (
          <div>
            <dt>{t('receipt.pending')}</dt>
            <dd>{money(payments.pending_cents)}</dd>
          </div>
        ) : null}
        <div className="receipt__due-total">
          <dt>{t('receipt.balance')}</dt>
          <dd>{money(payments.balance_cents)}</dd>
        </div>
      </dl>
    </section>
  );
}
