/**
 * A quote as both sides read it (issue 28): its newest version's lines with their IVU, the
 * subtotal, IVU and total, the valid-until day, the hours the job holds and the note; the versions
 * before it, collapsed, each with its total and the counter-offer that led to the next; and the
 * client's answers (accept, counter-offer, decline), one button per action the api lists in
 * `allowed_actions`. The provider reads the same card, with the client's counter-offer marked, and
 * may revise when the api lists `revise`.
 */
import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, paymentLimits, quoteLimits } from '@resuelve/contract';
import type { Quote, QuoteStatus, QuoteVersion } from '@resuelve/contract';
import { Badge } from '../../components/badge.tsx';
import type { BadgeTone } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import { Dialog, DialogFormActions } from '../../components/dialog.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { useConnectionState } from '../../lib/connection.ts';
import { formatJobDate, formatJobDuration, useJobLocale } from '../job/job-format.ts';
import { acceptQuote, counterQuote, declineQuote } from './api.ts';
import { QuoteLinesTable, QuoteTotalsList } from './quote-figures.tsx';
import { QuoteOfflineNote } from './quote-offline-note.tsx';
import { useQuoteChange } from './use-quote-change.ts';
import './quotes.css';

const statusTone: Record<QuoteStatus, BadgeTone> = {
  sent: 'info',
  countered: 'warning',
  accepted: 'success',
  declined: 'neutral',
  expired: 'neutral',
  withdrawn: 'neutral',
};

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation('quotes');
  return <Badge tone={statusTone[status]}>{t(`status.${status}`)}</Badge>;
}

export interface QuoteCardProps {
  quote: Quote;
  side: 'client' | 'provider';
  timeZone: string;
  /** The provider's "Revisar cotización" (shown when the api lists `revise`). */
  onRevise?: () => void;
  /** Above the figures: what a conversation's quote offers to book. */
  children?: ReactNode;
  /** A heading level that fits the page (a job page's sections are h2). */
  headingLevel?: 2 | 3;
}

export function QuoteCard({ quote, side, timeZone, onRevise, children, headingLevel = 2 }: QuoteCardProps) {
  const { t } = useTranslation('quotes');
  const locale = useJobLocale();
  const headingId = useId();
  const [asking, setAsking] = useState<'accept' | 'counter' | 'decline' | null>(null);
  const accept = useQuoteChange((version: number) => acceptQuote(quote.id, { version }));
  const offline = useConnectionState() !== 'online';
  const current = quote.versions[quote.versions.length - 1];
  if (!current) return null;
  const earlier = quote.versions.slice(0, -1);
  const counter = quote.status === 'countered' ? current.counter : null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const can = (action: Quote['allowed_actions'][number]) => quote.allowed_actions.includes(action);
  const answers = side === 'client' && (can('accept') || can('counter') || can('decline'));
  const revise = side === 'provider' && can('revise') && onRevise;

  return (
    <section className={`card quote-card quote-card--${quote.status}`} aria-labelledby={headingId} data-testid="quote-card">
      <header className="quote-card__head">
        <Heading id={headingId} className="quote-card__title">
          {t('card.title')}
        </Heading>
        <span className="quote-card__marks">
          <span className="muted">{t('card.version', { number: current.number })}</span>
          <QuoteStatusBadge status={quote.status} />
        </span>
      </header>
      {children}
      <StatusNote quote={quote} side={side} timeZone={timeZone} />
      {counter ? (
        <div className={`quote-card__counter${side === 'provider' ? ' quote-card__counter--mark' : ''}`} role="note">
          <strong>{side === 'provider' ? t('card.counter_from_client') : t('card.counter_sent')}</strong>
          <p>{counter.message}</p>
        </div>
      ) : null}
      <QuoteLinesTable lines={current.lines} questioned={counter?.line_numbers ?? []} caption={t('card.lines_caption', { number: current.number })} />
      <QuoteTotalsList totals={current} />
      <dl className="quote-card__terms">
        <div>
          <dt>{t('card.hours')}</dt>
          <dd>{formatJobDuration(current.hours, locale)}</dd>
        </div>
        <div>
          <dt>{t('card.valid_until')}</dt>
          <dd>{formatJobDate(current.valid_until, locale, timeZone)}</dd>
        </div>
      </dl>
      {current.note ? (
        <div className="quote-card__note">
          <p>
            <strong>{t('card.note')}</strong> {current.note}
          </p>
        </div>
      ) : null}
      {earlier.length > 0 ? <QuoteHistory versions={earlier} timeZone={timeZone} /> : null}
      {side === 'client' && can('accept') && quote.deposit_cents > 0 ? <DepositNote cents={quote.deposit_cents} /> : null}
      <ErrorAlert>{accept.problem}</ErrorAlert>
      {answers ? (
        <div className="quote-card__buttons">
          {can('accept') ? (
            <Button variant="primary" disabled={offline || accept.pending} busy={accept.pending} onClick={() => setAsking('accept')}>
              {t('card.accept')}
            </Button>
          ) : null}
          {can('counter') ? (
            <Button variant="secondary" disabled={offline} onClick={() => setAsking('counter')} aria-haspopup="dialog">
              {t('card.counter')}
            </Button>
          ) : null}
          {can('decline') ? (
            <Button variant="quiet" disabled={offline} onClick={() => setAsking('decline')} aria-haspopup="dialog">
              {t('card.decline')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {revise ? (
        <div className="quote-card__buttons">
          <Button variant={quote.status === 'countered' ? 'primary' : 'secondary'} disabled={offline} onClick={onRevise}>
            {t('card.revise')}
          </Button>
        </div>
      ) : null}
      {(answers || revise) && offline ? <QuoteOfflineNote /> : null}
      {asking === 'accept' ? (
        <AcceptDialog
          quote={quote}
          version={current}
          onClose={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            void accept.run(current.number, t('card.accepted_done'));
          }}
        />
      ) : null}
      {asking === 'counter' ? <CounterDialog quote={quote} version={current} onClose={() => setAsking(null)} /> : null}
      {asking === 'decline' ? <DeclineDialog quote={quote} onClose={() => setAsking(null)} /> : null}
    </section>
  );
}

/** Where the quote stands, in words, for this side. */
function StatusNote({ quote, side, timeZone }: { quote: Quote; side: 'client' | 'provider'; timeZone: string }) {
  const { t } = useTranslation('quotes');
  const locale = useJobLocale();
  const when = (at: string | null) => (at ? formatJobDate(at, locale, timeZone) : '');
  let text: string | null = null;
  if (quote.status === 'sent') text = side === 'client' ? t('card.state.sent_client') : t('card.state.sent_provider');
  if (quote.status === 'countered') text = side === 'client' ? t('card.state.countered_client') : t('card.state.countered_provider');
  if (quote.status === 'accepted') text = t('card.state.accepted', { number: quote.accepted_version ?? quote.version, date: when(quote.accepted_at) });
  if (quote.status === 'declined') text = quote.decline_reason ? t('card.state.declined_reason', { reason: quote.decline_reason }) : t('card.state.declined');
  if (quote.status === 'expired') text = t('card.state.expired');
  if (quote.status === 'withdrawn') text = t('card.state.withdrawn');
  return text ? <p className={`quote-card__state quote-card__state--${quote.status}`}>{text}</p> : null;
}

/** The versions before the newest, collapsed: each one's total, and the counter-offer that led to the next. */
function QuoteHistory({ versions, timeZone }: { versions: readonly QuoteVersion[]; timeZone: string }) {
  const { t } = useTranslation('quotes');
  const locale = useJobLocale();
  return (
    <details className="quote-history">
      <summary>{t('history.title', { count: versions.length })}</summary>
      <ol className="quote-history__list">
        {[...versions].reverse().map((version) => (
          <li key={version.number} className="quote-history__item">
            <p className="quote-history__line">
              <strong>{t('card.version', { number: version.number })}</strong>
              <span>{t('history.total', { total: formatMoney(version.total_cents, locale) })}</span>
              <span className="muted">{t('history.sent', { date: formatJobDate(version.created_at, locale, timeZone) })}</span>
            </p>
            {version.counter ? (
              <p className="quote-history__counter">
                <span>{t('history.counter')}</span> {t('history.quoted', { message: version.counter.message })}
                {version.counter.line_numbers.length > 0 ? (
                  <span className="muted"> {t('history.counter_lines', { count: version.counter.line_numbers.length, lines: version.counter.line_numbers.join(', ') })}</span>
                ) : null}
              </p>
            ) : null}
            <details className="quote-history__lines">
              <summary>{t('history.show_lines')}</summary>
              <QuoteLinesTable lines={version.lines} questioned={version.counter?.line_numbers ?? []} caption={t('card.lines_caption', { number: version.number })} />
              <QuoteTotalsList totals={version} />
            </details>
          </li>
        ))}
      </ol>
    </details>
  );
}

interface AnswerDialogProps {
  quote: Quote;
  onClose: () => void;
}

/**
 * Before accepting, the deposit accepting asks for (issue 29): paid with ATH Móvil on the job's
 * page, it confirms the job; the provider's time is held for it meanwhile.
 */
function DepositNote({ cents }: { cents: number }) {
  const { t } = useTranslation('payments-client');
  const locale = useJobLocale();
  return (
    <p className="quote-card__deposit" role="note" data-testid="quote-deposit">
      {t('quote.deposit_note', { amount: formatMoney(cents, locale), minutes: paymentLimits.holdMinutes })}
    </p>
  );
}

/** Accepting books the job at its time for the version read: a newer version meanwhile is refused (409). */
function AcceptDialog({ quote, version, onClose, onConfirm }: AnswerDialogProps & { version: QuoteVersion; onConfirm: () => void }) {
  const { t } = useTranslation(['quotes', 'payments-client']);
  const locale = useJobLocale();
  const messageId = useId();
  return (
    <Dialog title={t('accept.title')} onClose={onClose} describedBy={messageId} closeOnBackdrop>
      <p id={messageId}>{t('accept.message', { total: formatMoney(version.total_cents, locale), number: version.number, hours: formatJobDuration(version.hours, locale) })}</p>
      {quote.deposit_cents > 0 ? (
        <p className="quote-card__deposit">{t('payments-client:quote.deposit_accept', { amount: formatMoney(quote.deposit_cents, locale), minutes: paymentLimits.holdMinutes })}</p>
      ) : null}
      <div className="confirm-dialog__actions">
        <Button variant="quiet" onClick={onClose}>
          {t('accept.keep')}
        </Button>
        <Button variant="primary" onClick={onConfirm}>
          {t('accept.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}

/** The client's counter-offer: their words and the lines they question. */
function CounterDialog({ quote, version, onClose }: AnswerDialogProps & { version: QuoteVersion }) {
  const { t } = useTranslation('quotes');
  const locale = useJobLocale();
  const messageId = useId();
  const [message, setMessage] = useState('');
  const [lines, setLines] = useState<number[]>([]);
  const [tried, setTried] = useState(false);
  const change = useQuoteChange((body: { message: string; line_numbers: number[] }) => counterQuote(quote.id, { version: version.number, ...body }));
  const short = message.trim().length < quoteLimits.counterMessageMinLength;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (short) return;
    if (await change.run({ message: message.trim(), line_numbers: lines }, t('counter.done'))) onClose();
  };
  return (
    <Dialog title={t('counter.title')} onClose={onClose} className="quote-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className={tried && short ? 'field field--invalid' : 'field'}>
          <label htmlFor={messageId}>{t('counter.message')}</label>
          <textarea
            id={messageId}
            className="textarea"
            rows={4}
            maxLength={quoteLimits.counterMessageMaxLength}
            value={message}
            aria-invalid={tried && short ? true : undefined}
            aria-describedby={`${messageId}-hint${tried && short ? ` ${messageId}-error` : ''}`}
            onChange={(e) => setMessage(e.target.value)}
          />
          <p id={`${messageId}-hint`} className="field-hint">
            {t('counter.message_hint')}
          </p>
          {tried && short ? <FieldError id={`${messageId}-error`}>{t('counter.message_short', { min: quoteLimits.counterMessageMinLength })}</FieldError> : null}
        </div>
        <fieldset className="quote-dialog__lines">
          <legend>{t('counter.lines')}</legend>
          {version.lines.map((line, index) => {
            const number = index + 1;
            return (
              <label key={number} className="quote-dialog__line">
                <input
                  type="checkbox"
                  checked={lines.includes(number)}
                  onChange={(e) => setLines((all) => (e.target.checked ? [...all, number].sort((a, b) => a - b) : all.filter((n) => n !== number)))}
                />
                <span>
                  {t('counter.line', { number, description: line.description, amount: formatMoney(line.amount_cents, locale) })}
                </span>
              </label>
            );
          })}
        </fieldset>
        <DialogFormActions problem={change.problem} closeLabel={t('counter.cancel')} onClose={onClose} submitLabel={change.pending ? t('editor.sending') : t('counter.submit')} pending={change.pending} />
      </form>
    </Dialog>
  );
}

/** Declining ends the request (the job is cancelled by the client); a reason tells the provider why. */
function DeclineDialog({ quote, onClose }: AnswerDialogProps) {
  const { t } = useTranslation('quotes');
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const change = useQuoteChange((text: string) => declineQuote(quote.id, { reason: text }));
  const empty = reason.trim() === '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (empty) return;
    if (await change.run(reason.trim(), t('decline.done'))) onClose();
  };
  return (
    <Dialog title={t('decline.title')} onClose={onClose} className="quote-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p>{quote.job_id ? t('decline.message_job') : t('decline.message')}</p>
        <div className={tried && empty ? 'field field--invalid' : 'field'}>
          <label htmlFor={reasonId}>{t('decline.reason')}</label>
          <textarea
            id={reasonId}
            className="textarea"
            rows={3}
            maxLength={quoteLimits.declineReasonMaxLength}
            value={reason}
            aria-invalid={tried && empty ? true : undefined}
            aria-describedby={tried && empty ? `${reasonId}-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {tried && empty ? <FieldError id={`${reasonId}-error`}>{t('decline.reason_required')}</FieldError> : null}
        </div>
        <DialogFormActions problem={change.problem} closeLabel={t('decline.cancel')} onClose={onClose} submitLabel={change.pending ? t('editor.sending') : t('decline.submit')} pending={change.pending} />
      </form>
    </Dialog>
  );
}
