import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messageLimits } from '@resuelve/contract';
import { messageQueries, saveAutoReply } from '../../entities/message/api.ts';
import type { AutoReply } from '../../entities/message/api.ts';
import { useChange } from '../../lib/use-change.ts';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

/**
 * The provider's automatic reply: sent once per conversation, in the client's language, when a
 * client writes first or outside business hours. Spanish is needed to turn it on; English falls
 * back to it.
 */
export function AutoReplySection() {
  const { t } = useTranslation('messages');
  const id = useId();
  const { data } = useSuspenseQuery({ ...messageQueries.autoReply(), meta: { silent: true } });
  const [draft, setDraft] = useState<AutoReply>(data);
  const [missing, setMissing] = useState(false);
  const save = useChange(saveAutoReply, (queryClient, saved) => {
    if (saved) queryClient.setQueryData(messageQueries.autoReply().queryKey, saved);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reply = { enabled: draft.enabled, text_es: draft.text_es.trim(), text_en: draft.text_en.trim() };
    if (reply.enabled && !reply.text_es) {
      setMissing(true);
      return;
    }
    setMissing(false);
    void save.run(reply, t('auto_reply.saved'));
  };

  const field = (lng: 'es' | 'en') => {
    const key = lng === 'es' ? 'text_es' : 'text_en';
    const invalid = lng === 'es' && missing;
    return (
      <div className={`field${invalid ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-${lng}`}>{t(`auto_reply.text_${lng}`)}</label>
        <textarea
          id={`${id}-${lng}`}
          className="textarea"
          rows={3}
          maxLength={messageLimits.autoReplyMaxLength}
          value={draft[key]}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-${lng}-hint`}
          onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
        />
        <p id={`${id}-${lng}-hint`} className={invalid ? 'field-error' : 'field-hint'}>
          {invalid ? t('auto_reply.es_required') : t(`auto_reply.hint_${lng}`, { count: draft[key].length, max: messageLimits.autoReplyMaxLength })}
        </p>
      </div>
    );
  };

  return (
    <form className="settings-form settings-form--narrow auto-reply" onSubmit={submit} noValidate>
      <label className="auto-reply__toggle">
        <input type="checkbox" checked={draft.enabled} onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })} />
        <span>{t('auto_reply.enabled')}</span>
      </label>
      {field('es')}
      {field('en')}
      <ErrorAlert>{save.problem}</ErrorAlert>
      <div>
        <Button type="submit" variant="primary" busy={save.pending}>
          {t('auto_reply.save')}
        </Button>
      </div>
    </form>
  );
}
