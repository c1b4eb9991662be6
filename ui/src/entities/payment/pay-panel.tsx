/**
 * The client's payment with ATH Móvil (issue 29), on the job's page and its receipt: the deposit
 * that confirms an accepted quote (with the time the provider's spot is held), or the balance
 * left. The client gives their ATH Móvil number; the request waits on their phone ("Abre ATH Móvil
 * en tu teléfono y aprueba el pago", with the time left), where they approve it; "Ya lo aprobé"
 * asks the api to read it back now, "Cancelar el pago" withdraws it. The outcome comes by the live
 * event, or by the refetch every 5 s while a payment is open (useJobPayments), in case the socket
 * is down: paid, declined, expired, cancelled (each but paid with the form again, to retry).
 * Against the emulator a "Pagos de demostración" mark and its phone page's link show.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@resuelve/contract';
import type { JobPayments, Payment } from '@resuelve/contract';
import { Button, buttonClassName } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { FormField } from '../../components/form-field.tsx';
import { NeedsConnectionNote } from '../../components/needs-connection-note.tsx';
import { useConnectionState } from '../../lib/connection.ts';
import { clockText } from '../../lib/use-countdown.ts';
import { useJobLocale } from '../job/job-format.ts';
import { openPaymentOf, refreshAfterPayment, useCancelPayment, useCheckPayment, useStartPayment } from './api.ts';
import { DemoPaymentsMark, useSecondsUntil } from './payment-marks.tsx';

/** "(787) 555-0123", "787 555 0123", "1-787-555-0123" → "7875550123"; null unless 10 digits. */
export function athMovilPhone(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  const local = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return local.length === 10 ? local : null;
}

const retryable = ['declined', 'expired', 'cancelled', 'refused'] as const;

/** The last ATH Móvil payment, newest first by when it was made. */
function latestAthMovil(payments: JobPayments): Payment | null {
  const mine = payments.payments.filter((payment) => payment.method === 'athmovil');
  return mine.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0] ?? null;
}

/**
 * What the panel reports of a finished payment: the one this screen watched while it was open
 * (paid included), else the last one when it failed and that amount is still to pay (so the
 * client, back on the page, reads why and may try again).
 */
function outcomeOf(payments: JobPayments, watched: string | null): Payment | null {
  const seen = watched ? payments.payments.find((payment) => payment.id === watched) : undefined;
  if (seen && seen.status !== 'open') return seen;
  const last = latestAthMovil(payments);
  if (last && (retryable as readonly string[]).includes(last.status) && payments.can_pay === last.purpose) return last;
  return null;
}

export interface PayPanelProps {
  jobId: string;
  /** Who the money goes to ("Plomería Luis"). */
  providerName: string;
  payments: JobPayments;
  headingLevel?: 2 | 3;
}

/** Nothing when there is nothing to pay, open or just finished. */
export function PayPanel({ jobId, providerName, payments, headingLevel = 2 }: PayPanelProps) {
  const { t } = useTranslation('payments-client');
  const headingId = useId();
  const open = openPaymentOf(payments);
  const [watched, setWatched] = useState<string | null>(null);
  useEffect(() => {
    if (open && open.id !== watched) setWatched(open.id);
  }, [open, watched]);
  const [started, setStarted] = useState(false);
  const outcome = open ? null : outcomeOf(payments, watched);
  const purpose = open?.purpose ?? payments.can_pay ?? outcome?.purpose ?? null;
  // The watched payment ended (found by the 5 s refetch when the live socket is down): the job
  // (confirmed by a paid deposit), its quote and receipt follow, as the live event would make them.
  const queryClient = useQueryClient();
  const ended = outcome && outcome.id === watched ? `${outcome.id}:${outcome.status}` : null;
  useEffect(() => {
    if (ended) refreshAfterPayment(queryClient);
  }, [ended, queryClient]);
  if (purpose === null || purpose === 'other') return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const done = !open && !payments.can_pay;
  return (
    <section className="card pay-panel" aria-labelledby={headingId} data-testid="pay-panel">
      <header className="pay-panel__head">
        <Heading id={headingId} className="pay-panel__title">
          {t(`pay.${done ? 'title_done' : 'title'}_${purpose}`)}
        </Heading>
        {payments.demo || open?.demo ? <DemoPaymentsMark /> : null}
      </header>
      {outcome ? <Outcome payment={outcome} /> : null}
      {open ? (
        <Waiting payment={open} providerName={providerName} focus={started} />
      ) : payments.can_pay ? (
        <PayForm jobId={jobId} providerName={providerName} payments={payments} purpose={payments.can_pay} onStarted={() => setStarted(true)} />
      ) : null}
    </section>
  );
}

/** A finished payment in words: paid (confirmed), or why not and that nothing was charged. */
function Outcome({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payments-client');
  if (payment.status === 'paid') {
    return (
      <div className="alert alert-success pay-panel__outcome" role="status">
        <p>
          <strong>{t(payment.purpose === 'deposit' ? 'pay.paid_deposit' : 'pay.paid_balance')}</strong>
        </p>
        {payment.reference ? <p className="pay-panel__reference">{t('pay.paid_reference', { reference: payment.reference })}</p> : null}
      </div>
    );
  }
  if (payment.status === 'open') return null;
  return (
    <p className="alert alert-error pay-panel__outcome" role="alert">
      {t(`pay.${payment.status}`)}
    </p>
  );
}

interface PayFormProps {
  jobId: string;
  providerName: string;
  payments: JobPayments;
  purpose: 'deposit' | 'balance';
  onStarted: () => void;
}

function PayForm({ jobId, providerName, payments, purpose, onStarted }: PayFormProps) {
  const { t } = useTranslation('payments-client');
  const locale = useJobLocale();
  const offline = useConnectionState() !== 'online';
  const [phone, setPhone] = useState('');
  const [tried, setTried] = useState(false);
  const start = useStartPayment(jobId);
  const cents = purpose === 'deposit' ? payments.deposit.amount_cents : (payments.balance_cents ?? 0);
  const amount = formatMoney(cents, locale);
  const digits = athMovilPhone(phone);
  const invalid = tried && digits === null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (digits === null || offline) return;
    void start.run({ purpose, phone: digits }, t('pay.started')).then((ok) => ok && onStarted());
  };

  return (
    <form className="pay-panel__form" onSubmit={submit} noValidate>
      <p>{t(purpose === 'deposit' ? 'pay.due_deposit' : 'pay.due_balance', { amount, provider: providerName })}</p>
      {purpose === 'deposit' && payments.deposit.state === 'due' ? <HoldLeft until={payments.deposit.hold_until} /> : null}
      <FormField label={t('pay.phone_label')} hint={t('pay.phone_hint')} error={invalid ? t('pay.phone_invalid') : null} className="pay-panel__phone">
        {(ids) => (
          <input
            {...ids}
            className="input"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={20}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        )}
      </FormField>
      <ErrorAlert>{start.problem}</ErrorAlert>
      <div className="pay-panel__buttons">
        <Button type="submit" variant="primary" disabled={offline || start.pending} busy={start.pending}>
          {start.pending ? t('pay.sending') : t(purpose === 'deposit' ? 'pay.pay_deposit' : 'pay.pay_balance', { amount })}
        </Button>
      </div>
      {offline ? <NeedsConnectionNote>{t('pay.offline')}</NeedsConnectionNote> : null}
    </form>
  );
}

/** "Te guardamos el espacio 27 minutos más", ticking; once over, that the spot may be gone. */
function HoldLeft({ until }: { until: string | null }) {
  const { t } = useTranslation('payments-client');
  const left = useSecondsUntil(until);
  if (left === null) return null;
  if (left === 0) return <p className="pay-panel__hold pay-panel__hold--over">{t('pay.hold_over')}</p>;
  const words = left >= 60 ? t('pay.minutes', { count: Math.ceil(left / 60) }) : t('pay.seconds', { count: left });
  return <p className="pay-panel__hold">{t('pay.hold', { left: words })}</p>;
}

/** The payment waiting on the client's phone: approve it there, say so here, or cancel it. */
function Waiting({ payment, providerName, focus }: { payment: Payment; providerName: string; focus: boolean }) {
  const { t } = useTranslation('payments-client');
  const locale = useJobLocale();
  const offline = useConnectionState() !== 'online';
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [stillOpen, setStillOpen] = useState(false);
  const check = useCheckPayment((answer) => setStillOpen(answer.status === 'open'));
  const cancel = useCancelPayment();
  const left = useSecondsUntil(payment.expires_at);

  // Once the client sent the request from here, focus goes to what to do now (not on a page opened while one waits).
  useEffect(() => {
    if (focus) titleRef.current?.focus();
  }, [focus, payment.id]);

  return (
    <div className="pay-panel__waiting" aria-busy={check.pending || cancel.pending ? true : undefined}>
      <p className="pay-panel__waiting-title" ref={titleRef} tabIndex={-1}>
        <span className="pay-panel__pulse" aria-hidden="true" />
        <strong>{t('pay.waiting_title')}</strong>
      </p>
      <p>{t('pay.waiting_amount', { purpose: t(`purpose.${payment.purpose}`), amount: formatMoney(payment.amount_cents, locale), provider: providerName })}</p>
      {left !== null ? <p className="pay-panel__time">{left > 0 ? t('pay.time_left', { left: clockText(left) }) : t('pay.time_over')}</p> : null}
      {payment.demo ? (
        <div className="pay-panel__demo">
          {/* The panel's head carries the "Pagos de demostración" mark: here, what it means and the phone. */}
          <p className="pay-panel__demo-hint">{t('demo.hint')}</p>
          {payment.phone_url ? (
            <a className={buttonClassName({ variant: 'secondary' })} href={phonePageLink(payment.phone_url, locale)} target="_blank" rel="noopener noreferrer">
              {t('demo.phone')}
              <span className="visually-hidden"> {t('demo.phone_new_tab')}</span>
            </a>
          ) : null}
        </div>
      ) : null}
      {stillOpen && !check.pending ? (
        <p className="pay-panel__still" role="status">
          {t('pay.checked_open')}
        </p>
      ) : null}
      <ErrorAlert>{check.problem ?? cancel.problem}</ErrorAlert>
      <div className="pay-panel__buttons">
        <Button variant="primary" disabled={offline || check.pending || cancel.pending} busy={check.pending} onClick={() => void check.run(payment.id, t('pay.checked'))}>
          {check.pending ? t('pay.checking') : t('pay.approved')}
        </Button>
        <Button variant="quiet" disabled={offline || check.pending || cancel.pending} busy={cancel.pending} onClick={() => void cancel.run(payment.id, t('pay.cancelled_done'))}>
          {t('pay.cancel')}
        </Button>
      </div>
      {offline ? <NeedsConnectionNote>{t('pay.offline')}</NeedsConnectionNote> : null}
    </div>
  );
}

/** The emulator's phone page in the client's language (it speaks both; Spanish unless told). */
function phonePageLink(url: string, locale: string): string {
  const link = new URL(url);
  link.searchParams.set('lang', locale);
  return link.toString();
}
