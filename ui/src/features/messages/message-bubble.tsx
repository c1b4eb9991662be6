import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Message, MessageAttachment } from '@resuelve/contract';
import { Icon } from '../../components/icons.tsx';
import { attachmentHref } from '../../entities/message/api.ts';
import { cancelMessage, retryMessage, type OutgoingMessage } from '../../entities/message/outbox.ts';
import { problemText } from '../../lib/api-error.ts';
import { ApiError } from '../../lib/api-error.ts';
import { formatClockTime, formatFileSize, useChatLocale } from './format.ts';
import { EditMessageForm, OwnMessageMenu } from './own-message.tsx';
import { Button } from '../../components/button.tsx';

/** A message the api holds. Its text is always shown as text, never read as HTML. */
export function MessageBubble({ message, mine, senderName }: { message: Message; mine: boolean; senderName: string }) {
  const { t } = useTranslation('messages');
  const locale = useChatLocale();
  const [editing, setEditing] = useState(false);
  const deleted = message.deleted_at !== null;
  const changeable = mine && !deleted && !message.automatic;
  return (
    <article className={`bubble${mine ? ' bubble--mine' : ''}${message.automatic ? ' bubble--automatic' : ''}`} data-message-id={message.id}>
      <p className="visually-hidden">{mine ? t('chat.you') : senderName}:</p>
      {message.automatic ? <p className="bubble__label">{t('chat.automatic')}</p> : null}
      {deleted ? (
        <p className="bubble__text bubble__text--deleted">{t('chat.deleted')}</p>
      ) : (
        <>
          {message.attachment ? <Attachment attachment={message.attachment} /> : null}
          {editing ? (
            <EditMessageForm message={message} onDone={() => setEditing(false)} />
          ) : message.text ? (
            <p className="bubble__text">{message.text}</p>
          ) : null}
        </>
      )}
      {/* A div, not a p: the menu inside holds a list and, when deleting, a dialog (block content). */}
      <div className="bubble__meta">
        <time dateTime={message.created_at}>{formatClockTime(message.created_at, locale)}</time>
        {message.edited_at && !deleted ? <span> · {t('chat.edited')}</span> : null}
        {mine ? <span className={`bubble__state bubble__state--${message.read_at ? 'read' : 'sent'}`}>{t(message.read_at ? 'state.read' : 'state.sent')}</span> : null}
        {changeable && !editing ? <OwnMessageMenu message={message} onEdit={() => setEditing(true)} /> : null}
      </div>
    </article>
  );
}

/** One's own message still on its way: sending, waiting for the connection (cancellable), or refused (retry or cancel). */
export function OutgoingBubble({ item }: { item: OutgoingMessage }) {
  const { t } = useTranslation('messages');
  const locale = useChatLocale();
  const queryClient = useQueryClient();
  const preview = useLocalPreview(item.file);
  const problem = item.problem ? new ApiError(item.problem.code, item.problem.status, item.problem.code) : null;
  return (
    <article className={`bubble bubble--mine bubble--${item.state}`} aria-busy={item.state === 'sending'}>
      <p className="visually-hidden">{t('chat.you')}:</p>
      {item.file ? (
        preview ? (
          <img className="bubble__image" src={preview} alt={t('attachment.image', { name: item.file.name })} />
        ) : (
          <p className="bubble__file">{t('attachment.chosen', { name: item.file.name, size: formatFileSize(item.file.size, locale) })}</p>
        )
      ) : null}
      {item.text ? <p className="bubble__text">{item.text}</p> : null}
      <p className="bubble__meta">
        <time dateTime={item.createdAt}>{formatClockTime(item.createdAt, locale)}</time>
        <span className={`bubble__state bubble__state--${item.state}`} role={item.state === 'failed' ? 'alert' : 'status'}>
          {t(`state.${item.state}`)}
          {problem ? ` · ${problemText(t, problem)}` : null}
        </span>
      </p>
      {item.state !== 'sending' ? (
        <p className="bubble__actions">
          {item.state === 'failed' ? (
            <Button variant="secondary" size="sm" onClick={() => retryMessage(queryClient, item.localId)}>
              {t('state.retry')}
            </Button>
          ) : null}
          <Button variant="quiet" size="sm" onClick={() => cancelMessage(item.localId)}>
            {t('state.cancel')}
          </Button>
        </p>
      ) : null}
    </article>
  );
}

/** A picture chosen for sending, shown from the device before it is stored. */
function useLocalPreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/** An image shows as a preview that opens the full picture; a PDF as a link with its name and size. */
function Attachment({ attachment }: { attachment: MessageAttachment }) {
  const { t } = useTranslation('messages');
  const locale = useChatLocale();
  const href = attachmentHref(attachment.url);
  if (attachment.content_type.startsWith('image/')) {
    return (
      <a className="bubble__image-link" href={href} target="_blank" rel="noopener noreferrer" aria-label={t('attachment.open_image', { name: attachment.name })}>
        <img className="bubble__image" src={href} alt={t('attachment.image', { name: attachment.name })} loading="lazy" />
      </a>
    );
  }
  return (
    <a className="bubble__file" href={href} target="_blank" rel="noopener noreferrer">
      <Icon name="document" size={18} />
      {t('attachment.pdf', { name: attachment.name, size: formatFileSize(attachment.size, locale) })}
    </a>
  );
}
