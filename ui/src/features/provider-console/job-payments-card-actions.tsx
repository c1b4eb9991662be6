/** One payment's line on the provider's job page with its refunds and "Reembolsar", and "Registrar pago por otra vía". */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, otherPaymentMethods, paymentLimits } from '@resuelve/contract';
import type { OtherPaymentMethod, Payment, PaymentStatus } from '@resuelve/contract';
import { Badge } from '../../components/badge.tsx';
import type { BadgeTone } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { MoneyInput, centsOf, moneyText } from '../../components/money-input.tsx';
import { useJobLocale } from '../../entities/job/job-format.ts';
import { refundableCents, useRecordOtherPayment, useRefundPayment } from '../../entities/payment/provider-actions.ts';
import { useDateFormat } from '../../lib/date-format.ts';

const statusTone: Record<PaymentStatus, BadgeTone> = {
  open: 'info',
  paid: 'success',
  declined: 'danger',
  expired: 'neutral',
  cancelled: 'neutral',
  refused: 'danger',
};

export function JobPaymentLine({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payments');
  const locale = useJobLocale();
  const dates = useDateFormat();
  const [refunding, setRefunding] = useState(false);
  const left = refundableCents(payment);
  const money = (cents: number) => formatMoney(cents, locale);
  const headingId = useId();
  return (
    <article className="job-payment" aria-labelledby={headingId}>
      <div className="job-payment__head">
        <h3 id={headingId} className="job-payment__title">
          {t(`purposes.${payment.purpose}`)} · {t(`methods.${payment.method}`)}
        </h3>
        <strong className="job-payment__amount">{money(payment.amount_cents)}</strong>
      </div>
      <p className="job-payment__state wrap-row">
        <Badge tone={statusTone[payment.status]}>{t(`statuses.${payment.status}`)}</Badge>
        {payment.demo ? <Badge tone="warning">{t('demo.badge')}</Badge> : null}
        <span className="muted">{dates.dateTime(payment.paid_at ?? payment.created_at)}</span>
      </p>
      {payment.reference ? <p className="muted job-payment__reference">{t('card.reference', { reference: payment.reference })}</p> : null}
      {payment.note ? <p className="job-payment__note">{payment.note}</p> : null}
      {payment.refunds.length > 0 ? (
        <ul className="job-payment__refunds" aria-label={t('card.refunds')}>
          {payment.refunds.map((refund) => (
            <li key={refund.id}>
              {t('card.refund_line', { amount: money(refund.amount_cents), when: dates.dateTime(refund.created_at) })}
              {' · '}
              {t(`refund_reasons.${refund.reason}`)}
              {refund.message ? <span className="muted"> · “{refund.message}”</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {payment.status === 'paid' && left > 0 ? (
        <div>
          <Button variant="secondary" onClick={() => setRefunding(true)}>
            {t('refund.open')}
          </Button>
        </div>
      ) : null}
      {payment.status === 'paid' && payment.refunded_cents > 0 && left === 0 ? <p className="muted">{t('card.fully_refunded')}</p> : null}
      {refunding ? <RefundDialog payment={payment} onClose={() => setRefunding(false)} /> : null}
    </article>
  );
}

function RefundDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const { t } = useTranslation(['payments', 'errors']);
  const locale = useJobLocale();
  const id = useId();
  const left = refundableCents(payment);
  const [amount, setAmount] = useState(moneyText(left));
  const [message, setMessage] = useState('');
  const [shown, setShown] = useState(false);
  const refund = useRefundPayment();
  const cents = centsOf(amount);
  const problem =
    cents === null || Number.isNaN(cents) || cents < 1 ? t('refund.amount_problem') : cents > left ? t('errors:refund_too_large') : null;
  const money = (value: number) => formatMoney(value, locale);

  async function send() {
    setShown(true);
    if (problem || cents === null) return;
    const done = await refund.run({ paymentId: payment.id, amount_cents: cents, message: message.trim() || null }, t('refund.done', { amount: money(cents) }));
    if (done) onClose();
  }

  return (
    <ConfirmDialog
      title={t('refund.title')}
      message={payment.method === 'athmovil' ? t('refund.message_athmovil', { left: money(left) }) : t('refund.message_other', { left: money(left), how: t(`refund.how.${payment.method}`) })}
      confirmLabel={refund.pending ? t('refund.sending') : cents && !problem ? t('refund.confirm_amount', { amount: money(cents) }) : t('refund.confirm')}
      cancelLabel={t('refund.keep')}
      destructive
      confirmDisabled={refund.pending}
      onCancel={onClose}
      onConfirm={() => void send()}
    >
      <div className={shown && problem ? 'field field--invalid' : 'field'}>
        <label htmlFor={`${id}-amount`}>{t('refund.amount')}</label>
        <MoneyInput
          id={`${id}-amount`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={shown && problem ? true : undefined}
          aria-describedby={shown && problem ? `${id}-hint ${id}-error` : `${id}-hint`}
        />
        <p id={`${id}-hint`} className="field-hint">
          {t('refund.amount_hint', { left: money(left) })}
        </p>
        {shown && problem ? <FieldError id={`${id}-error`}>{problem}</FieldError> : null}
      </div>
      {payment.method === 'athmovil' ? (
        <div className="field">
          <label htmlFor={`${id}-message`}>{t('refund.note')}</label>
          <input
            id={`${id}-message`}
            className="input"
            maxLength={paymentLimits.refundMessageMaxLength}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            aria-describedby={`${id}-message-hint`}
          />
          <p id={`${id}-message-hint`} className="field-hint">
            {t('refund.note_hint', { max: paymentLimits.refundMessageMaxLength, count: message.length })}
          </p>
        </div>
      ) : null}
      <ErrorAlert>{refund.problem}</ErrorAlert>
    </ConfirmDialog>
  );
}

export function RecordOtherPayment({ jobId }: { jobId: string }) {
  const { t } = useTranslation('payments');
  const [open, setOpen] = useState(false);
  return (
    <div className="job-payments__other">
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('other.open')}
      </Button>
      {open ? <OtherPaymentDialog jobId={jobId} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}

function OtherPaymentDialog({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const locale = useJobLocale();
  const id = useId();
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<OtherPaymentMethod>('cash');
  const [note, setNote] = useState('');
  const [shown, setShown] = useState(false);
  const record = useRecordOtherPayment(jobId);
  const cents = centsOf(amount);
  const max = formatMoney(paymentLimits.otherMaxCents, locale);
  const problem = cents === null || Number.isNaN(cents) || cents < 1 || cents > paymentLimits.otherMaxCents ? t('other.amount_problem', { max }) : null;

  async function send() {
    setShown(true);
    if (problem || cents === null) return;
    const done = await record.run({ amount_cents: cents, method, note: note.trim() || null }, t('other.done', { amount: formatMoney(cents, locale) }));
    if (done) onClose();
  }

  return (
    <ConfirmDialog
      title={t('other.title')}
      message={t('other.message')}
      confirmLabel={record.pending ? t('other.sending') : t('other.confirm')}
      cancelLabel={t('other.keep')}
      confirmDisabled={record.pending}
      onCancel={onClose}
      onConfirm={() => void send()}
    >
      <div className={shown && problem ? 'field field--invalid' : 'field'}>
        <label htmlFor={`${id}-amount`}>{t('other.amount')}</label>
        <MoneyInput
          id={`${id}-amount`}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={shown && problem ? true : undefined}
          aria-describedby={shown && problem ? `${id}-error` : undefined}
        />
        {shown && problem ? <FieldError id={`${id}-error`}>{problem}</FieldError> : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-method`}>{t('other.method')}</label>
        <select id={`${id}-method`} className="select" value={method} onChange={(e) => setMethod(e.target.value as OtherPaymentMethod)}>
          {otherPaymentMethods.map((choice) => (
            <option key={choice} value={choice}>
              {t(`methods.${choice}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>{t('other.note')}</label>
        <textarea
          id={`${id}-note`}
          className="textarea"
          rows={2}
          maxLength={paymentLimits.noteMaxLength}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-describedby={`${id}-note-hint`}
        />
        <p id={`${id}-note-hint`} className="field-hint">
          {t('other.note_hint', { max: paymentLimits.noteMaxLength })}
        </p>
      </div>
      <ErrorAlert>{record.problem}</ErrorAlert>
    </ConfirmDialog>
  );
}
