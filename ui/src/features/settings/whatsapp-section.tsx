import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { whatsappLabel, whatsappNumberOf } from '@resuelve/contract';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useChange } from '../../lib/use-change.ts';
import { saveWhatsapp, whatsappQuery } from '../../entities/provider/whatsapp.ts';

/**
 * The provider's WhatsApp number (issue 30): the client of an accepted job gets a "Message on
 * WhatsApp" button with it; nobody else sees it. The contract's check runs here first (the api runs
 * the same one), so a typing slip or a toll-free number is said beside the field.
 */
export function WhatsappSection() {
  const { t } = useTranslation(['on-my-way', 'errors']);
  const { data } = useSuspenseQuery({ ...whatsappQuery(), meta: { silent: true } });
  const [draft, setDraft] = useState(data.number ? whatsappLabel(data.number) : '');
  const [error, setError] = useState<string | null>(null);
  const save = useChange(saveWhatsapp, (queryClient, saved) => {
    if (saved) queryClient.setQueryData(whatsappQuery().queryKey, saved);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = draft.trim();
    if (typed) {
      const checked = whatsappNumberOf(typed);
      if ('problem' in checked) {
        setError(checked.problem === 'whatsapp_not_mobile' ? t('errors:whatsapp_not_mobile') : t('settings.invalid_phone'));
        return;
      }
    }
    setError(null);
    void save.run({ number: typed || null }, typed ? t('settings.saved') : t('settings.removed'));
  };

  return (
    <form className="settings-form settings-form--narrow" onSubmit={submit} noValidate>
      <FormField label={t('settings.label')} hint={t('settings.hint')} error={error}>
        {(ids) => <input {...ids} className="input" type="tel" inputMode="tel" autoComplete="tel" maxLength={30} value={draft} onChange={(e) => setDraft(e.target.value)} />}
      </FormField>
      {data.number ? <p className="muted">{t('settings.current', { number: whatsappLabel(data.number) })}</p> : null}
      <ErrorAlert>{save.problem}</ErrorAlert>
      <div>
        <Button type="submit" variant="primary" busy={save.pending}>
          {t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
