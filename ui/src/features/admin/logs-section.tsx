import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { logLevels, type LogLevel } from '@resuelve/contract';
import { adminQueries, type AdminLogEntry, type LogFilters } from '../../entities/admin/api.ts';
import { AdminListSection } from './admin-list-section.tsx';
import { useDateFormat } from '../../lib/date-format.ts';
import { Button } from '../../components/button.tsx';

const pageSize = 50;

/**
 * /admin/logs: the entries browsers sent (`POST /logs/batch`), newest first, filtered by level,
 * user, correlation id and time. The correlation id is the one the server's log line carries.
 */
export function LogsSection() {
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useState<LogFilters>({});
  const [offset, setOffset] = useState(0);
  const logs = useQuery({ ...adminQueries.logs({ ...filters, offset }, pageSize), meta: { silent: true } });

  function apply(next: LogFilters) {
    setFilters(next);
    setOffset(0);
  }

  return (
    <AdminListSection
      title={t('sections.logs')}
      query={logs}
      loading={t('logs.loading')}
      failed={t('logs.failed')}
      empty={t('logs.empty')}
      count={(range) => t('logs.count', range)}
      offset={offset}
      pageSize={pageSize}
      onPage={setOffset}
      list={(items) => (
        <ul className="admin-logs">
          {items.map((entry) => (
            <LogRow key={entry.id} entry={entry} onCorrelation={(id) => apply({ correlation_id: id })} />
          ))}
        </ul>
      )}
    >
      {/* Keyed by the filters, so a filter applied from an entry (its correlation id) shows in the form too. */}
      <LogFilterForm key={JSON.stringify(filters)} initial={filters} onApply={apply} />
    </AdminListSection>
  );
}

function LogFilterForm({ initial, onApply }: { initial: LogFilters; onApply: (filters: LogFilters) => void }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<LogFilters>(initial);
  const set = (field: keyof LogFilters) => (event: { target: { value: string } }) => setDraft({ ...draft, [field]: event.target.value });
  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(draft);
  }
  function clear() {
    setDraft({});
    onApply({});
  }
  return (
    <form className="admin-filters" onSubmit={submit} aria-label={t('logs.filters')}>
      <label className="field">
        <span className="field__label">{t('logs.level')}</span>
        <select className="select" value={draft.level ?? ''} onChange={set('level')}>
          <option value="">{t('logs.any_level')}</option>
          {logLevels.map((level) => (
            <option key={level} value={level}>
              {t(`logs.levels.${level}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">{t('logs.user')}</span>
        <input className="input" value={draft.user ?? ''} onChange={set('user')} placeholder={t('logs.user_hint')} maxLength={200} />
      </label>
      <label className="field">
        <span className="field__label">{t('logs.correlation_id')}</span>
        <input className="input" value={draft.correlation_id ?? ''} onChange={set('correlation_id')} maxLength={200} />
      </label>
      <label className="field">
        <span className="field__label">{t('logs.from')}</span>
        <input className="input" type="datetime-local" value={draft.from ?? ''} onChange={set('from')} />
      </label>
      <label className="field">
        <span className="field__label">{t('logs.to')}</span>
        <input className="input" type="datetime-local" value={draft.to ?? ''} onChange={set('to')} />
      </label>
      <div className="admin-filters__actions">
        <Button type="submit" variant="primary">
          {t('apply')}
        </Button>
        <Button variant="secondary" onClick={clear}>
          {t('clear')}
        </Button>
      </div>
    </form>
  );
}

const levelClass: Record<LogLevel, string> = { debug: 'muted', info: 'info', warn: 'warn', error: 'error' };

function LogRow({ entry, onCorrelation }: { entry: AdminLogEntry; onCorrelation: (id: string) => void }) {
  const { t } = useTranslation('admin');
  const when = useDateFormat().dateTime(entry.logged_at, { seconds: true });
  return (
    <li className="admin-log">
      <div className="admin-log__head">
        <span className={`admin-level admin-level--${levelClass[entry.level]}`}>{t(`logs.levels.${entry.level}`)}</span>
        <time dateTime={entry.logged_at}>{when}</time>
        {entry.category ? <span className="muted">{entry.category}</span> : null}
      </div>
      <p className="admin-log__message">{entry.message}</p>
      <dl className="admin-log__facts">
        <div>
          <dt>{t('logs.user')}</dt>
          <dd>{entry.user_email ?? entry.user_id ?? t('logs.anonymous')}</dd>
        </div>
        {entry.correlation_id ? (
          <div>
            <dt>{t('logs.correlation_id')}</dt>
            <dd>
              {/* The same id is on the server's log line of the request; here it gathers the browser's entries of it. */}
              <Button
                variant="quiet"
                className="admin-log__correlation"
                aria-label={t('logs.by_correlation', { id: entry.correlation_id })}
                onClick={() => onCorrelation(entry.correlation_id!)}
              >
                <code>{entry.correlation_id}</code>
              </Button>
            </dd>
          </div>
        ) : null}
        {entry.url ? (
          <div>
            <dt>{t('logs.url')}</dt>
            <dd className="admin-log__url">{entry.url}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}
