import { useEffect, useState, type FormEvent } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import type { OfflineAction, OfflineJob, OfflineState, ResuelveBridge } from '../../shared/ipc.ts';
import { useConnection } from './use-connection.ts';
import { Button, ButtonAnchor } from '@resuelve/ui';

const knownStatuses = ['pending', 'upcoming', 'in_progress', 'completed', 'modification_requested', 'schedule_change_pending', 'continuation_proposed'];

function localeTag(language: string): string {
  return language.startsWith('en') ? 'en-US' : 'es-PR';
}

function dayKey(job: OfflineJob): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: job.timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(job.scheduled_start));
}

interface ViewProps {
  bridge: ResuelveBridge;
  i18n: I18n;
}

/**
 * The provider's jobs of the coming days from the encrypted store (main process), readable with no
 * connection at all, with the actions that make sense offline (start, end, a note) queued in order
 * and a view of what waits and what failed. Sent when the connection returns.
 */
export function OfflineView({ bridge, i18n }: ViewProps) {
  const t: TFunction = i18n.getFixedT(null, 'desktop');
  const online = useConnection();
  const [state, setState] = useState<OfflineState | null>(null);
  const [sending, setSending] = useState(false);
  const sendNow = (): void => {
    setSending(true);
    void bridge.offline
      .flush()
      .then((result) => {
        if (result.ok) setState(result.value);
      })
      .finally(() => setSending(false));
  };

  useEffect(() => {
    let alive = true;
    void bridge.offline.read().then((result) => {
      if (alive && result.ok) setState(result.value);
    });
    const stop = bridge.offline.onChanged((next) => setState(next));
    return () => {
      alive = false;
      stop();
    };
  }, [bridge]);

  const apply = (promise: Promise<{ ok: true; value: OfflineState } | { ok: false }>): void => {
    void promise.then((result) => {
      if (result.ok) setState(result.value);
    });
  };

  const language = localeTag(i18n.language);
  const snapshot = state?.snapshot ?? null;
  const actions = state?.actions ?? [];
  const titleOf = (jobId: string): string => snapshot?.jobs.find((job) => job.id === jobId)?.title ?? t('offline.unknown_job');
  const days = new Map<string, OfflineJob[]>();
  for (const job of [...(snapshot?.jobs ?? [])].sort((a, b) => a.scheduled_start.localeCompare(b.scheduled_start))) {
    days.set(dayKey(job), [...(days.get(dayKey(job)) ?? []), job]);
  }

  return (
    <div data-feature="offline" className="offline">
      <header className="offline__header">
        <div>
          <h1>{t('offline.title')}</h1>
          <p className="offline__intro">{t('offline.intro')}</p>
        </div>
        <div className="offline__meta">
          <span className={`offline__connection offline__connection--${online ? 'on' : 'off'}`} role="status">
            {online ? t('offline.online') : t('offline.offline')}
          </span>
          <span className="offline__updated">
            {snapshot
              ? t('offline.last_updated', { time: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(snapshot.saved_at)) })
              : null}
          </span>
          <ButtonAnchor variant="secondary" href="#/provider/home">
            {t('offline.back')}
          </ButtonAnchor>
        </div>
      </header>

      <div className="offline__columns">
        <section className="offline__jobs" aria-labelledby="offline-jobs">
          <h2 id="offline-jobs" className="visually-hidden">
            {t('offline.title')}
          </h2>
          {!snapshot ? <p className="offline__empty">{t('offline.never_updated')}</p> : null}
          {snapshot && snapshot.jobs.length === 0 ? <p className="offline__empty">{t('offline.no_jobs')}</p> : null}
          {[...days.entries()].map(([day, jobs]) => (
            <section key={day} className="offline__day" aria-label={dayLabel(jobs[0]!, language, t)}>
              <h3>{dayLabel(jobs[0]!, language, t)}</h3>
              <ul className="offline__list">
                {jobs.map((job) => (
                  <JobCard key={job.id} job={job} t={t} language={language} actions={actions.filter((action) => action.job_id === job.id)} onQueue={(input) => apply(bridge.offline.enqueue(input))} />
                ))}
              </ul>
            </section>
          ))}
        </section>

        <section className="offline__queue" aria-labelledby="offline-queue">
          <h2 id="offline-queue">{t('offline.queue_title')}</h2>
          <p className="offline__hint">{t('offline.queue_hint')}</p>
          {/* A quote waits for the other side's decision: it is never queued (issue 28). */}
          <p className="offline__hint">{t('offline.quotes_note')}</p>
          {actions.length === 0 ? <p className="offline__empty">{t('offline.queue_empty')}</p> : null}
          <ol className="offline__actions">
            {actions.map((action) => (
              <li key={action.id} className={`offline__action offline__action--${action.status}`}>
                <span className="offline__action-text">{actionText(action, titleOf(action.job_id), t)}</span>
                {action.status === 'failed' ? (
                  <>
                    <span className="offline__action-state">{t('offline.failed', { reason: failureReason(action, i18n, t) })}</span>
                    <Button variant="quiet" className="offline__dismiss" onClick={() => apply(bridge.offline.dismiss({ id: action.id }))}>
                      {t('offline.dismiss')}
                    </Button>
                  </>
                ) : (
                  <span className="offline__action-state">
                    {action.attempts > 0 ? t('offline.waiting_attempts', { count: action.attempts }) : t('offline.waiting')}
                  </span>
                )}
              </li>
            ))}
          </ol>
          {online && actions.some((action) => action.status === 'waiting') ? (
            <Button variant="primary" disabled={sending} onClick={sendNow}>
              {sending ? t('offline.sending') : t('offline.send_now')}
            </Button>
          ) : null}
        </section>
      </div>
    </div>
  );
}

function dayLabel(job: OfflineJob, language: string, t: TFunction): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: job.timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const label = new Intl.DateTimeFormat(language, { timeZone: job.timezone, weekday: 'long', day: 'numeric', month: 'long' }).format(new Date(job.scheduled_start));
  const capitalized = label.charAt(0).toLocaleUpperCase(language) + label.slice(1);
  return dayKey(job) === today ? `${t('offline.today')} · ${capitalized}` : capitalized;
}

function actionText(action: OfflineAction, title: string, t: TFunction): string {
  if (action.kind === 'note') return t('offline.action.note', { title, text: action.text ?? '' });
  return action.kind === 'start' ? t('offline.action.start', { title }) : t('offline.action.end', { title });
}

function failureReason(action: OfflineAction, i18n: I18n, t: TFunction): string {
  const key = `errors:${action.error_code ?? ''}`;
  return action.error_code && i18n.exists(key) ? i18n.t(key) : t('offline.failed_generic');
}

interface CardProps {
  job: OfflineJob;
  t: TFunction;
  language: string;
  actions: OfflineAction[];
  onQueue: (input: { kind: 'start' | 'end' | 'note'; job_id: string; text?: string }) => void;
}

function JobCard({ job, t, language, actions, onQueue }: CardProps) {
  const [note, setNote] = useState('');
  const time = new Intl.DateTimeFormat(language, { timeZone: job.timezone, timeStyle: 'short' });
  const queued = (kind: 'start' | 'end') => actions.some((action) => action.kind === kind && action.status === 'waiting');
  const started = job.status === 'in_progress' || queued('start');
  const status = knownStatuses.includes(job.status) ? job.status : 'other';
  const address = job.location_address ?? job.client.address;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return;
    onQueue({ kind: 'note', job_id: job.id, text: note.trim() });
    setNote('');
  };
  return (
    <li className="offline__job">
      <article aria-label={job.title}>
        <div className="offline__job-head">
          <span className="offline__time">
            {time.format(new Date(job.scheduled_start))} – {time.format(new Date(job.scheduled_end))}
          </span>
          <span className={`offline__status offline__status--${status}`}>{t(`offline.status.${status}`)}</span>
        </div>
        <h4>{job.title}</h4>
        <dl className="offline__contact">
          <dt>{t('offline.client')}</dt>
          <dd>{job.client.name}</dd>
          <dt>{t('offline.phone')}</dt>
          <dd>{job.client.phone ? <a href={`tel:${job.client.phone}`}>{job.client.phone}</a> : t('offline.no_phone')}</dd>
          {job.client.email ? (
            <>
              <dt>{t('offline.email')}</dt>
              <dd>{job.client.email}</dd>
            </>
          ) : null}
          {address ? (
            <>
              <dt>{t('offline.address')}</dt>
              <dd>{address}</dd>
            </>
          ) : null}
        </dl>
        <div className="offline__buttons">
          {job.status === 'upcoming' ? (
            <Button variant="primary" disabled={queued('start')} onClick={() => onQueue({ kind: 'start', job_id: job.id })}>
              {t('offline.start')}
            </Button>
          ) : null}
          {started ? (
            <Button variant="secondary" disabled={queued('end')} onClick={() => onQueue({ kind: 'end', job_id: job.id })}>
              {t('offline.end')}
            </Button>
          ) : null}
        </div>
        {queued('start') ? <p className="offline__queued">{t('offline.queued_start')}</p> : null}
        {queued('end') ? <p className="offline__queued">{t('offline.queued_end')}</p> : null}
        <form className="offline__note" onSubmit={submit}>
          <label htmlFor={`note-${job.id}`}>{t('offline.add_note')}</label>
          <textarea id={`note-${job.id}`} rows={2} maxLength={500} value={note} placeholder={t('offline.note_placeholder')} onChange={(event) => setNote(event.target.value)} />
          <Button type="submit" variant="quiet" className="offline__note-send" disabled={!note.trim()}>
            {t('offline.send_note')}
          </Button>
        </form>
      </article>
    </li>
  );
}
