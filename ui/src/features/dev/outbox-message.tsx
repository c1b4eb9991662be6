import { Fragment } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, intlLocale, toLocale } from '@resuelve/contract';
import type { OutboxMessage } from '@resuelve/contract';
import { hasPlatform, getPlatform } from '../../platform/index.ts';
import { SmsReplyForm } from './sms-reply-form.tsx';

/**
 * A link into this app as an in-app path, so it opens here; else null. Ours means the page's
 * origin or the api's, or the page's host on another port: in development the emails carry the
 * api's public address while the page is served by Vite on its own port.
 */
export function appPathOf(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const page = window.location;
  const api = hasPlatform() && getPlatform().apiOrigin ? new URL(getPlatform().apiOrigin).origin : null;
  const ours = url.origin === page.origin || url.origin === api || (url.protocol === page.protocol && url.hostname === page.hostname);
  return ours ? `${url.pathname}${url.search}${url.hash}` : null;
}

function MessageLink({ href }: { href: string }) {
  const path = appPathOf(href);
  if (path) {
    return (
      <Link to={path} className="dev-outbox__link">
        {href}
      </Link>
    );
  }
  return (
    <a href={href} className="dev-outbox__link" target="_blank" rel="noreferrer noopener">
      {href}
    </a>
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The body as sent, with the links the server found in it made clickable. */
function Body({ body, links }: { body: string; links: string[] }) {
  if (links.length === 0) return <>{body}</>;
  const sorted = [...links].sort((a, b) => b.length - a.length);
  const parts = body.split(new RegExp(`(${sorted.map(escapeRegExp).join('|')})`, 'g'));
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{links.includes(part) ? <MessageLink href={part} /> : part}</Fragment>
      ))}
    </>
  );
}

export function OutboxMessageCard({ message }: { message: OutboxMessage }) {
  const { t, i18n } = useTranslation('system');
  const sentAt = new Date(message.created_at);
  const time = dateTimeFormat(intlLocale[toLocale(i18n.language)], { dateStyle: 'medium', timeStyle: 'medium' }).format(sentAt);
  const titleId = `dev-outbox-${message.id}`;

  return (
    <article className="dev-outbox__item" aria-labelledby={titleId}>
      <header className="dev-outbox__item-head">
        <span className={`dev-outbox__channel dev-outbox__channel--${message.channel}`}>
          {t(`dev.outbox.channel.${message.channel}`)}
        </span>
        <h2 id={titleId} className="dev-outbox__subject">
          {message.subject ?? t('dev.outbox.noSubject')}
        </h2>
        <time className="dev-outbox__time" dateTime={message.created_at}>
          {time}
        </time>
      </header>
      <dl className="dev-outbox__meta">
        <dt>{t('dev.outbox.to')}</dt>
        <dd>{message.to}</dd>
      </dl>

      {message.codes.length > 0 && (
        <div className="dev-outbox__codes">
          <h3 className="dev-outbox__label">{t('dev.outbox.codes')}</h3>
          <ul className="chip-list">
            {message.codes.map((code) => (
              <li key={code} className="dev-outbox__code">
                {code}
              </li>
            ))}
          </ul>
        </div>
      )}

      {message.links.length > 0 && (
        <div className="dev-outbox__links">
          <h3 className="dev-outbox__label">{t('dev.outbox.links')}</h3>
          <ul className="chip-list">
            {message.links.map((link) => (
              <li key={link}>
                <MessageLink href={link} />
              </li>
            ))}
          </ul>
        </div>
      )}

      <details className="dev-outbox__body" open>
        <summary className="dev-outbox__label">{t('dev.outbox.body')}</summary>
        <p className="dev-outbox__text">
          <Body body={message.body} links={message.links} />
        </p>
      </details>

      {message.channel === 'sms' && <SmsReplyForm to={message.to} />}
    </article>
  );
}
