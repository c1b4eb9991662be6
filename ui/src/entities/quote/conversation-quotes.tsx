/**
 * Quotes in a conversation (issue 28, "request a quote"): before any booking the provider sends a
 * quote that offers a job (its service, day and time, and place); accepting it books that job. The
 * chat shows the conversation's quotes as cards above the messages, folded to one line unless one
 * waits for the viewer; the provider sends a new one from there.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, jobLimits, locationTypes } from '@resuelve/contract';
import type { Conversation, LocationType, NewConversationQuote, QuoteOffer } from '@resuelve/contract';
import { Button } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { useConnectionState } from '../../lib/connection.ts';
import { fieldErrorText } from '../../lib/field-error-text.ts';
import { useSession } from '../../lib/session-store.ts';
import { dayInZone, formatJobDate, formatJobTime, nextDay, timeInZone, useJobLocale, zonedDateTimeToIso } from '../job/job-format.ts';
import { providerQueries } from '../provider/api.ts';
import { quoteQueries, sendConversationQuote } from './api.ts';
import type { Quote } from './api.ts';
import { QuoteCard, QuoteStatusBadge } from './quote-card.tsx';
import { QuoteEditor } from './quote-editor.tsx';
import { draftOf } from './quote-form-values.ts';
import { QuoteOfflineNote } from './quote-offline-note.tsx';
import { firstDraft, useQuoteDefaults } from './job-quote.tsx';

const fallbackTimeZone = 'America/Puerto_Rico';

/** Whether the viewer is the one to act on it now. */
function waitsFor(quote: Quote): boolean {
  return quote.allowed_actions.length > 0;
}

export function ConversationQuotes({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('quotes');
  const locale = useJobLocale();
  const userId = useSession((s) => s.user?.id);
  const provider = userId === conversation.provider_id;
  const quotes = useQuery({ ...quoteQueries.ofConversation(conversation.id), meta: { silent: true } });
  const own = useQuery({ ...providerQueries.own(), enabled: provider, meta: { silent: true } });
  const [writing, setWriting] = useState(false);
  const offline = useConnectionState() !== 'online';
  const timeZone = own.data?.timezone ?? fallbackTimeZone;
  const items = quotes.data ?? [];
  const latest = items[items.length - 1];
  // A quote still open to revision: sending again revises it (the api's one request for both).
  const revisable = [...items].reverse().find((quote) => quote.allowed_actions.includes('revise')) ?? null;
  if (!provider && items.length === 0) return null;

  return (
    <section className="chat-quotes" aria-label={t('conversation.label')}>
      {items.length > 0 && latest ? (
        <details className="chat-quotes__fold" open={items.some(waitsFor) || undefined}>
          <summary>
            <span>{t('conversation.summary', { count: items.length })}</span>
            <span className="chat-quotes__latest">
              {formatMoney(latest.versions[latest.versions.length - 1]?.total_cents ?? 0, locale)} <QuoteStatusBadge status={latest.status} />
            </span>
          </summary>
          <div className="chat-quotes__cards">
            {[...items].reverse().map((quote) => (
              <QuoteCard
                key={quote.id}
                quote={quote}
                side={provider ? 'provider' : 'client'}
                timeZone={timeZone}
                headingLevel={3}
                onRevise={quote === revisable ? () => setWriting(true) : undefined}
              >
                <OfferFacts quote={quote} timeZone={timeZone} provider={provider} />
              </QuoteCard>
            ))}
          </div>
        </details>
      ) : null}
      {quotes.isError ? (
        <p className="alert alert-error" role="alert">
          {t('card.load_failed')}{' '}
          <Button variant="quiet" size="sm" onClick={() => void quotes.refetch()}>
            {t('card.retry')}
          </Button>
        </p>
      ) : null}
      {provider && !revisable && !conversation.blocked_by_other_party ? (
        <div className="chat-quotes__send">
          <Button variant="secondary" size="sm" disabled={offline} aria-haspopup="dialog" onClick={() => setWriting(true)}>
            {t('editor.send')}
          </Button>
          {offline ? <QuoteOfflineNote /> : null}
        </div>
      ) : null}
      {writing ? <ConversationQuoteDialog conversation={conversation} timeZone={timeZone} revising={revisable} onClose={() => setWriting(false)} /> : null}
    </section>
  );
}

/** What the quote offers to book: the service, when, where; once accepted, a link to the job. */
function OfferFacts({ quote, timeZone, provider }: { quote: Quote; timeZone: string; provider: boolean }) {
  const { t } = useTranslation('quotes');
  const locale = useJobLocale();
  const offer = quote.offer;
  if (!offer) return null;
  return (
    <dl className="quote-card__offer">
      <div>
        <dt>{t('offer.title')}</dt>
        <dd>{offer.title}</dd>
      </div>
      <div>
        <dt>{t('offer.when')}</dt>
        <dd>{t('offer.when_value', { date: formatJobDate(offer.scheduled_start, locale, timeZone), time: formatJobTime(offer.scheduled_start, locale, timeZone) })}</dd>
      </div>
      <div>
        <dt>{t('offer.place')}</dt>
        <dd>
          {t(`offer.location.${offer.location_type}`)}
          {offer.location_address ? ` · ${offer.location_address}` : ''}
        </dd>
      </div>
      {quote.job_id ? (
        <div>
          <dt>{t('offer.job')}</dt>
          <dd>
            <Link to={`/${provider ? 'provider' : 'client'}/jobs/${encodeURIComponent(quote.job_id)}`}>{t('offer.view_job')}</Link>
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

interface OfferDraft {
  title: string;
  categoryId: string;
  date: string;
  time: string;
  locationType: LocationType;
  address: string;
}

/** The offer's fields as they start: the open quote's (a revision), else tomorrow at 9:00 at the client's. */
function offerDraft(conversation: Conversation, revising: QuoteOffer | null, timeZone: string): OfferDraft {
  if (revising) {
    return {
      title: revising.title,
      categoryId: String(revising.category_id),
      date: dayInZone(revising.scheduled_start, timeZone),
      time: timeInZone(revising.scheduled_start, timeZone),
      locationType: revising.location_type,
      address: revising.location_address ?? '',
    };
  }
  return { title: conversation.subject ?? '', categoryId: '', date: nextDay(dayInZone(new Date(), timeZone)), time: '09:00', locationType: 'on_site', address: '' };
}

/** The editor in a dialog, with the offer's own fields first; a revision starts from the open quote. */
function ConversationQuoteDialog({ conversation, timeZone, revising, onClose }: { conversation: Conversation; timeZone: string; revising: Quote | null; onClose: () => void }) {
  const { t } = useTranslation('quotes');
  const own = useQuery({ ...providerQueries.own(), meta: { silent: true } });
  const last = revising?.versions[revising.versions.length - 1] ?? null;
  const defaults = useQuoteDefaults(last?.hours ?? 2);
  const categories = own.data?.categories ?? [];
  const [offer, setOffer] = useState<OfferDraft>(() => offerDraft(conversation, revising?.offer ?? null, timeZone));
  const categoryId = offer.categoryId || String(categories[0]?.id ?? '');
  const needsAddress = offer.locationType === 'client_location';

  const problems = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (offer.title.trim().length < jobLimits.titleMinLength) found['offer.title'] = offer.title.trim() ? 'too_short' : 'required';
    if (!categoryId) found['offer.category_id'] = 'required';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(offer.date)) found['offer.scheduled_start'] = 'required';
    else if (Date.parse(zonedDateTimeToIso(offer.date, offer.time || '00:00', timeZone)) <= Date.now()) found['offer.scheduled_start'] = 'out_of_range';
    if (needsAddress && !offer.address.trim()) found['offer.location_address'] = 'required';
    return found;
  };

  const offerOf = (): NewConversationQuote['offer'] => {
    const body: QuoteOffer = {
      category_id: Number(categoryId),
      title: offer.title.trim(),
      scheduled_start: zonedDateTimeToIso(offer.date, offer.time, timeZone),
      location_type: offer.locationType,
      location_address: needsAddress ? offer.address.trim() : null,
    };
    return body;
  };

  return (
    <Dialog title={t('conversation.dialog_title', { name: conversation.other_party.name })} onClose={onClose} className="quote-dialog quote-dialog--wide">
      {own.isPending ? (
        <p className="muted" role="status">
          {t('card.loading')}
        </p>
      ) : (
        <QuoteEditor
          title={last ? t('editor.title_revise', { number: last.number + 1 }) : t('editor.title_new')}
          submitLabel={last ? t('editor.send_revision') : t('editor.send')}
          done={last ? t('editor.revised') : t('editor.sent')}
          initial={last ? draftOf(last, timeZone) : firstDraft(defaults, timeZone, t('editor.default_labour'))}
          counter={revising?.status === 'countered' ? last?.counter : null}
          titleHidden
          defaults={defaults}
          timeZone={timeZone}
          send={(version) => sendConversationQuote(conversation.id, { ...version, offer: offerOf() })}
          onClose={onClose}
          extra={{
            problems,
            render: (found) => <OfferFields offer={offer} categoryId={categoryId} categories={categories} problems={found} onChange={(patch) => setOffer((o) => ({ ...o, ...patch }))} />,
          }}
        />
      )}
    </Dialog>
  );
}

function OfferFields({
  offer,
  categoryId,
  categories,
  problems,
  onChange,
}: {
  offer: OfferDraft;
  categoryId: string;
  categories: { id: number; name: string }[];
  problems: Record<string, string>;
  onChange: (patch: Partial<OfferDraft>) => void;
}) {
  const { t } = useTranslation('quotes');
  const error = (name: string) =>
    fieldErrorText(t, problems[name], { words: { out_of_range: t('offer.errors.past'), too_short: t('offer.errors.title_short', { min: jobLimits.titleMinLength }) } });
  const field = (name: string, label: string, control: (ids: { id: string; 'aria-invalid': true | undefined }) => ReactNode) => {
    const id = `offer-${name.replace(/\./g, '-')}`;
    const message = error(name);
    return (
      <div className={message ? 'field field--invalid' : 'field'}>
        <label htmlFor={id}>{label}</label>
        {control({ id, 'aria-invalid': message ? true : undefined })}
        {message ? <FieldError>{message}</FieldError> : null}
      </div>
    );
  };
  return (
    <fieldset className="quote-offer">
      <legend>{t('offer.legend')}</legend>
      {field('offer.title', t('offer.title'), (ids) => <input {...ids} className="input" maxLength={jobLimits.titleMaxLength} value={offer.title} onChange={(e) => onChange({ title: e.target.value })} />)}
      {field('offer.category_id', t('offer.category'), (ids) => (
        <select {...ids} className="select" value={categoryId} onChange={(e) => onChange({ categoryId: e.target.value })}>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      ))}
      <div className="quote-offer__when">
        {field('offer.scheduled_start', t('offer.date'), (ids) => <input {...ids} className="input" type="date" value={offer.date} onChange={(e) => onChange({ date: e.target.value })} />)}
        {field('offer.time', t('offer.time'), (ids) => <input {...ids} className="input" type="time" step={900} value={offer.time} onChange={(e) => onChange({ time: e.target.value })} />)}
      </div>
      {field('offer.location_type', t('offer.place'), (ids) => (
        <select {...ids} className="select" value={offer.locationType} onChange={(e) => onChange({ locationType: e.target.value as LocationType })}>
          {locationTypes.map((type) => (
            <option key={type} value={type}>
              {t(`offer.location.${type}`)}
            </option>
          ))}
        </select>
      ))}
      {offer.locationType === 'client_location'
        ? field('offer.location_address', t('offer.address'), (ids) => <input {...ids} className="input" value={offer.address} onChange={(e) => onChange({ address: e.target.value })} />)
        : null}
    </fieldset>
  );
}
