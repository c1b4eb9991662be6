import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { smsInboundBodyMaxLength } from '@resuelve/contract';
import { Button } from '../../components/button.tsx';
import { useSmsReply } from './api.ts';

/**
 * "Responder" under a text in the outbox: what its recipient texts back, taken by the SMS webhook
 * as a real reply would be (STOP, START, or a message to the job's conversation). Development only.
 */
export function SmsReplyForm({ to }: { to: string }) {
  const { t } = useTranslation('system');
  const id = useId();
  const [body, setBody] = useState('');
  const reply = useSmsReply();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!body.trim()) return;
    reply.mutate({ from: to, body }, { onSuccess: () => setBody('') });
  }

  return (
    <form className="dev-outbox__reply" onSubmit={submit} aria-label={t('dev.outbox.reply.title', { to })}>
      <label htmlFor={`${id}-body`} className="dev-outbox__label">
        {t('dev.outbox.reply.label')}
      </label>
      <div className="dev-outbox__reply-row">
        <textarea
          id={`${id}-body`}
          className="input dev-outbox__reply-text"
          rows={2}
          maxLength={smsInboundBodyMaxLength}
          placeholder={t('dev.outbox.reply.placeholder')}
          aria-describedby={`${id}-result`}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        <Button type="submit" variant="secondary" busy={reply.isPending} disabled={!body.trim()}>
          {reply.isPending ? t('dev.outbox.reply.sending') : t('dev.outbox.reply.send')}
        </Button>
      </div>
      <p id={`${id}-result`} className="dev-outbox__hint" role="status">
        {reply.isError ? t('dev.outbox.reply.error') : reply.data ? t(`dev.outbox.reply.outcome.${reply.data.outcome}`) : ''}
      </p>
    </form>
  );
}
