import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { statusOf } from '../../lib/api-error.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useOutbox } from './api.ts';
import { OutboxMessageCard } from './outbox-message.tsx';
import { Button } from '../../components/button.tsx';
import './outbox.css';

/** /dev/outbox: the emails and SMS the system stored instead of sending (development only, DESIGN.md §2). */
export function OutboxPage() {
  const { t } = useTranslation('system');
  const [params, setParams] = useSearchParams();
  const to = params.get('to')?.trim() ?? '';
  const [draft, setDraft] = useState(to);
  const outbox = useOutbox(to);
  useDocumentTitle(t('dev.outbox.title'), { exact: true });

  // Follow the address when the URL changes (a link, back and forward).
  useEffect(() => setDraft(to), [to]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams(params);
    if (draft.trim()) next.set('to', draft.trim());
    else next.delete('to');
    setParams(next, { replace: true });
  }

  return (
    <section className="dev-outbox" data-feature="dev" aria-labelledby="dev-outbox-title">
      <header className="dev-outbox__head">
        <h1 id="dev-outbox-title" className="dev-outbox__title">
          {t('dev.outbox.title')}
        </h1>
        <p className="dev-outbox__subtitle">{t('dev.outbox.subtitle')}</p>
      </header>

      <form className="dev-outbox__form" onSubmit={submit} role="search">
        <div className="dev-outbox__field">
          <label htmlFor="dev-outbox-to">{t('dev.outbox.toLabel')}</label>
          <input
            id="dev-outbox-to"
            className="input"
            type="text"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('dev.outbox.toPlaceholder')}
            aria-describedby="dev-outbox-to-hint"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <p id="dev-outbox-to-hint" className="dev-outbox__hint">
            {t('dev.outbox.toHint')}
          </p>
        </div>
        <Button type="submit" variant="primary" className="dev-outbox__submit">
          {t('dev.outbox.submit')}
        </Button>
        <Button
          variant="secondary"
          className="dev-outbox__submit"
          onClick={() => void outbox.refetch()}
          disabled={outbox.isFetching}
        >
          {t('dev.outbox.refresh')}
        </Button>
      </form>

      <OutboxResults to={to} outbox={outbox} />
    </section>
  );
}

function OutboxResults({ to, outbox }: { to: string; outbox: ReturnType<typeof useOutbox> }) {
  const { t } = useTranslation('system');

  if (outbox.isPending) {
    return (
      <p className="dev-outbox__state" role="status">
        <span className="dev-outbox__spinner" aria-hidden="true" />
        {t('dev.outbox.loading')}
      </p>
    );
  }
  if (outbox.isError) {
    // The route does not exist in production: a 404 there is the expected answer, not a fault.
    const missing = statusOf(outbox.error) === 404;
    return (
      <div className="dev-outbox__state dev-outbox__state--error" role="alert">
        <p>{missing ? t('dev.outbox.notAvailable') : t('dev.outbox.error')}</p>
        {!missing && (
          <Button variant="secondary" onClick={() => void outbox.refetch()}>
            {t('dev.outbox.retry')}
          </Button>
        )}
      </div>
    );
  }
  const items = outbox.data.items;
  if (items.length === 0) {
    return (
      <p className="dev-outbox__state" role="status">
        {to ? t('dev.outbox.empty') : t('dev.outbox.emptyAll')}
      </p>
    );
  }
  return (
    <>
      <p className="dev-outbox__count" role="status">
        {t('dev.outbox.count', { count: items.length })}
      </p>
      <ol className="dev-outbox__list">
        {items.map((message) => (
          <li key={message.id}>
            <OutboxMessageCard message={message} />
          </li>
        ))}
      </ol>
    </>
  );
}
