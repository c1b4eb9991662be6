import { useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { attachmentAccept, messageLimits } from '@resuelve/contract';
import type { Conversation, MessageAllowance } from '@resuelve/contract';
import { Icon } from '../../components/icons.tsx';
import { messageQueries } from '../../entities/message/api.ts';
import { sendMessage } from '../../entities/message/outbox.ts';
import { formatClockTime, formatFileSize, useChatLocale } from './format.ts';
import { Button } from '../../components/button.tsx';

/** Refuses what the api would refuse before a long upload (the api still judges the content). */
export function attachmentProblem(file: File): 'file_too_large' | 'file_type_not_supported' | null {
  if (file.type && !attachmentAccept.split(',').includes(file.type)) return 'file_type_not_supported';
  if (file.size > messageLimits.attachmentMaxBytes) return 'file_too_large';
  return null;
}

/** A phone or tablet: a coarse pointer and no fine one. */
function touchFirst(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse) and (not (any-pointer: fine))').matches;
}

/** The characters are counted once a message passes 80 % of its length (400 of 500). */
export const countCharactersFrom = Math.floor(messageLimits.textMaxLength * 0.8);

/** A sending limit is shown once this many messages or fewer remain under it (the limits themselves are SPEC.md §9's). */
export const nearLimitLeft = 3;

/** Whether the hourly or daily limit is used up (SPEC.md §9: 20 an hour, 50 a day). */
export function limitReached(allowance: MessageAllowance | undefined): boolean {
  if (!allowance) return false;
  return allowance.hour_used >= allowance.hour_limit || allowance.day_used >= allowance.day_limit;
}

/** Writing a message: text up to 500 characters, a photo or PDF, Enter to send, and the count and limits once near them. */
export function Composer({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation(['messages', 'errors']);
  const locale = useChatLocale();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const allowance = useQuery({ ...messageQueries.limits(), meta: { silent: true } });

  const blockedByMe = conversation.status === 'blocked';
  if (blockedByMe || conversation.blocked_by_other_party) {
    return (
      <p className="composer composer--closed muted" role="note">
        {t(blockedByMe ? 'composer.blocked_by_me' : 'composer.blocked_by_other')}
      </p>
    );
  }

  const tooLong = text.length > messageLimits.textMaxLength;
  const counting = text.length > countCharactersFrom;
  const showHint = !touchFirst();
  const reached = limitReached(allowance.data);
  const canSend = (text.trim() !== '' || file !== null) && !tooLong && !reached;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    sendMessage(queryClient, conversation.id, text.trim(), file);
    setText('');
    setFile(null);
    setFileProblem(null);
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // On a touch screen the keyboard's Enter starts a new line (there is no Shift); the button sends.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing && !touchFirst()) submit(event);
  };

  const choose = (chosen: File | undefined) => {
    if (picker.current) picker.current.value = '';
    if (!chosen) return;
    const problem = attachmentProblem(chosen);
    setFileProblem(problem ? t(`errors:${problem}`) : null);
    setFile(problem ? null : chosen);
  };

  return (
    <form className="composer" onSubmit={submit}>
      {file ? (
        <p className="composer__file">
          <span>{t('attachment.chosen', { name: file.name, size: formatFileSize(file.size, locale) })}</span>
          <Button variant="quiet" onClick={() => setFile(null)} aria-label={t('attachment.remove', { name: file.name })}>
            ✕
          </Button>
        </p>
      ) : null}
      {fileProblem ? (
        <p className="field-error" role="alert">
          {fileProblem}
        </p>
      ) : null}
      <div className="composer__row">
        <input
          ref={picker}
          id={`${id}-file`}
          className="visually-hidden"
          type="file"
          accept={attachmentAccept}
          tabIndex={-1}
          aria-label={t('attachment.attach')}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <Button variant="secondary" className="composer__attach" onClick={() => picker.current?.click()} aria-label={t('attachment.attach')} title={t('attachment.hint', { size: formatFileSize(messageLimits.attachmentMaxBytes, locale) })}>
          <Icon name="paperclip" size={20} />
        </Button>
        <label className="visually-hidden" htmlFor={`${id}-text`}>
          {t('composer.label')}
        </label>
        <textarea
          ref={textarea}
          id={`${id}-text`}
          className="textarea composer__text"
          rows={2}
          value={text}
          placeholder={t('composer.placeholder')}
          aria-describedby={[showHint ? `${id}-hint` : '', counting ? `${id}-count` : ''].filter(Boolean).join(' ') || undefined}
          aria-invalid={tooLong || undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" variant="primary" className="composer__send" disabled={!canSend}>
          {t('composer.send')}
        </Button>
      </div>
      {showHint || counting ? (
        <div className="composer__footer">
          {showHint ? (
            <span id={`${id}-hint`} className="composer__hint">
              {t('composer.hint')}
            </span>
          ) : null}
          {counting ? (
            <span id={`${id}-count`} className={`composer__count${tooLong ? ' composer__count--over' : ''}`}>
              {tooLong ? t('composer.too_long', { max: messageLimits.textMaxLength }) : t('composer.count', { count: text.length, max: messageLimits.textMaxLength })}
            </span>
          ) : null}
        </div>
      ) : null}
      <LimitCounters allowance={allowance.data} locale={locale} />
    </form>
  );
}

/**
 * The counters of SPEC.md §2, shown only near a limit: messages sent this hour or today once
 * `nearLimitLeft` or fewer remain under it, and when writing is possible again once one is reached.
 */
function LimitCounters({ allowance, locale }: { allowance: MessageAllowance | undefined; locale: ReturnType<typeof useChatLocale> }) {
  const { t } = useTranslation('messages');
  if (!allowance) return null;
  const hourLeft = allowance.hour_limit - allowance.hour_used;
  const dayLeft = allowance.day_limit - allowance.day_used;
  if (hourLeft > nearLimitLeft && dayLeft > nearLimitLeft) return null;
  const reached = limitReached(allowance);
  const left = Math.min(hourLeft, dayLeft);
  return (
    <div className="limits" role="group" aria-label={t('limits.label')}>
      {hourLeft <= nearLimitLeft ? (
        <span className={`limits__count${hourLeft <= 0 ? ' limits__count--full' : ''}`}>{t('limits.hour', { used: allowance.hour_used, limit: allowance.hour_limit })}</span>
      ) : null}
      {dayLeft <= nearLimitLeft ? (
        <span className={`limits__count${dayLeft <= 0 ? ' limits__count--full' : ''}`}>{t('limits.day', { used: allowance.day_used, limit: allowance.day_limit })}</span>
      ) : null}
      {reached ? (
        <p className="limits__reached" role="alert">
          {allowance.retry_at ? t('limits.reached', { time: formatClockTime(allowance.retry_at, locale) }) : t('limits.reached_soon')}
        </p>
      ) : (
        <p className="limits__near" role="status">
          {t('limits.near', { count: left })}
        </p>
      )}
    </div>
  );
}
