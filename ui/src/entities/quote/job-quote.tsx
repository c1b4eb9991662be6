/**
 * A job's quote on its page (issue 28). The client reads the card and answers it; the provider
 * reads the same card and writes the quote in the editor: "Enviar cotización" on a new request
 * (the button beside Accept opens it through the page's `?quote=new`, so both live in their own
 * places), "Revisar cotización" after a counter-offer, prefilled with the last version.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Job } from '@resuelve/contract';
import { Button } from '../../components/button.tsx';
import { useConnectionState } from '../../lib/connection.ts';
import { bookedHours } from '../job/job-format.ts';
import { providerQueries } from '../provider/api.ts';
import { quoteQueries, sendJobQuote } from './api.ts';
import type { Quote } from './api.ts';
import { QuoteCard } from './quote-card.tsx';
import { QuoteEditor } from './quote-editor.tsx';
import { QuoteOfflineNote } from './quote-offline-note.tsx';
import type { QuoteDefaults } from './quote-editor.tsx';
import { defaultValidUntil, draftOf, newLine } from './quote-form-values.ts';
import type { QuoteDraft } from './quote-form-values.ts';

/** The search parameter that opens the editor: `new` (first version) or `revise`. */
export const quoteEditorParam = 'quote';

/** The provider's defaults for new lines: their rate and their usual IVU rate. */
export function useQuoteDefaults(hours: number): QuoteDefaults & { ready: boolean } {
  const own = useQuery({ ...providerQueries.own(), meta: { silent: true } });
  // Without their record (it failed) the editor still opens, with no rate to prefill.
  return { rate: own.data?.rate ?? null, taxRate: own.data?.default_tax_rate ?? 'standard', hours, ready: !own.isPending };
}

/** A first version: one labour line at the provider's rate for the request's hours. */
export function firstDraft(defaults: QuoteDefaults, timeZone: string, labour: string): QuoteDraft {
  const kind = defaults.rate?.unit === 'visit' ? 'labour_fixed' : 'labour_hourly';
  return {
    lines: [newLine(kind, { ...defaults, description: labour })],
    hours: String(defaults.hours),
    validUntil: defaultValidUntil(new Date(), timeZone),
    note: '',
  };
}

/** Whether the provider may send a first quote on this job: a request still waiting for their answer, not yet quoted. */
export function canSendFirstQuote(job: Job): boolean {
  return job.allowed_actions.includes('accept') && !job.quote;
}

/** "Enviar cotización", for the provider's actions beside Accept: opens the editor on the page. */
export function SendQuoteButton({ job }: { job: Job }) {
  const { t } = useTranslation('quotes');
  const [params, setParams] = useSearchParams();
  const offline = useConnectionState() !== 'online';
  if (!canSendFirstQuote(job)) return null;
  return (
    <Button
      variant="secondary"
      disabled={offline}
      aria-expanded={params.get(quoteEditorParam) === 'new'}
      title={offline ? t('offline') : undefined}
      onClick={() => setParams((p) => (p.set(quoteEditorParam, 'new'), p), { replace: true })}
    >
      {t('editor.send')}
    </Button>
  );
}

/** The job's quote for its side: the card, and for the provider the editor when asked for. */
export function JobQuote({ job, side }: { job: Job; side: 'client' | 'provider' }) {
  const { t } = useTranslation('quotes');
  // A job without a quote (`Job.quote`) asks for none; its summary moves with every change, live.
  const quote = useQuery({ ...quoteQueries.ofJob(job.id), enabled: job.quote !== null, meta: { silent: true } });
  if (job.quote === null && side === 'client') return null;
  if (quote.isPending && job.quote !== null) {
    return (
      <p className="muted quote-loading" role="status">
        {t('card.loading')}
      </p>
    );
  }
  if (quote.isError) {
    return (
      <div className="alert alert-error" role="alert">
        <p>{t('card.load_failed')}</p>
        <Button variant="secondary" onClick={() => void quote.refetch()}>
          {t('card.retry')}
        </Button>
      </div>
    );
  }
  if (side === 'client') return quote.data ? <QuoteCard quote={quote.data} side="client" timeZone={job.timezone} /> : null;
  return <ProviderJobQuote job={job} quote={quote.data ?? null} />;
}

function ProviderJobQuote({ job, quote }: { job: Job; quote: Quote | null }) {
  const { t } = useTranslation('quotes');
  const [params, setParams] = useSearchParams();
  const defaults = useQuoteDefaults(bookedHours(job));
  const editorRef = useRef<HTMLDivElement>(null);
  const offline = useConnectionState() !== 'online';
  const asked = params.get(quoteEditorParam);
  const last = quote?.versions[quote.versions.length - 1];
  const editing = asked === 'new' && !quote && canSendFirstQuote(job) ? 'new' : asked === 'revise' && quote?.allowed_actions.includes('revise') && last ? 'revise' : null;

  useEffect(() => {
    if (!editing) return;
    editorRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    editorRef.current?.querySelector<HTMLElement>('select, input')?.focus();
  }, [editing, defaults.ready]);

  const close = () => setParams((p) => (p.delete(quoteEditorParam), p), { replace: true });
  const open = (mode: 'new' | 'revise') => setParams((p) => (p.set(quoteEditorParam, mode), p), { replace: true });

  return (
    <>
      {quote ? <QuoteCard quote={quote} side="provider" timeZone={job.timezone} onRevise={() => open('revise')} /> : null}
      {!quote && !editing && offline && canSendFirstQuote(job) ? <QuoteOfflineNote /> : null}
      {editing && defaults.ready ? (
        <div ref={editorRef} className="quote-editor-place">
          <QuoteEditor
            key={`${editing}-${quote?.version ?? 0}`}
            title={editing === 'new' ? t('editor.title_new') : t('editor.title_revise', { number: (last?.number ?? 0) + 1 })}
            submitLabel={editing === 'new' ? t('editor.send') : t('editor.send_revision')}
            done={editing === 'new' ? t('editor.sent') : t('editor.revised')}
            initial={editing === 'revise' && last ? draftOf(last, job.timezone) : firstDraft(defaults, job.timezone, t('editor.default_labour'))}
            defaults={defaults}
            timeZone={job.timezone}
            counter={editing === 'revise' ? last?.counter : null}
            send={(version) => sendJobQuote(job.id, version)}
            onClose={close}
          />
        </div>
      ) : null}
    </>
  );
}
