import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onMyWayLimits, type OnMyWayRequest } from '@resuelve/contract';
import { ChoicePills } from '../../components/choice-pills/choice-pills.tsx';
import { FormField } from '../../components/form-field.tsx';
import { sayOnMyWay } from '../../entities/job/api.ts';
import type { Job } from '../../entities/job/api.ts';
import { formatJobTime, useJobLocale } from '../../entities/job/job-format.ts';
import { useJobChange } from '../../entities/job/use-job-change.ts';
import { ActionForm, type ActionFormProps } from './hours-forms.tsx';

type Choice = `${(typeof onMyWayLimits.arrivalChoices)[number]}`;
const choices = onMyWayLimits.arrivalChoices.map(String) as Choice[];

/**
 * "On my way" on the job's day (contract on-my-way.ts): the arrival in a few minutes' choices or
 * as a time of today. The api checks the bounds (5 minutes to 4 hours) and says which was wrong.
 */
export function OnMyWayForm({ job, onDone }: ActionFormProps) {
  const { t } = useTranslation('on-my-way');
  const [minutes, setMinutes] = useState<Choice | null>(null);
  const [time, setTime] = useState('');
  const [missing, setMissing] = useState(false);
  const change = useJobChange((arrival: OnMyWayRequest) => sayOnMyWay(job.id, arrival));
  const submit = async () => {
    const arrival: OnMyWayRequest | null = time ? { arrival_time: time } : minutes ? { arrival_minutes: Number(minutes) } : null;
    setMissing(arrival === null);
    if (arrival && (await change.run(arrival, t('form.done')))) onDone();
  };
  return (
    <ActionForm title={t('form.title')} submit={t('form.submit')} pending={change.pending} problem={change.problem} onSubmit={() => void submit()} onClose={onDone}>
      <p className="muted">{t('form.intro')}</p>
      <ChoicePills
        legend={t('form.minutes')}
        name={`on-my-way-${job.id}`}
        options={choices}
        value={time ? null : minutes}
        onChange={(value) => {
          setMinutes(value);
          setTime('');
        }}
        label={(value) => t('form.choice', { count: Number(value) })}
        error={missing ? <p className="field-error">{t('form.missing')}</p> : null}
      />
      <FormField label={t('form.at_time')}>
        {(ids) => <input {...ids} className="input" type="time" value={time} onChange={(event) => setTime(event.target.value)} />}
      </FormField>
    </ActionForm>
  );
}

/** What the provider told the client, while the job waits to start. */
export function OnMyWayNote({ job }: { job: Job }) {
  const { t } = useTranslation('on-my-way');
  const locale = useJobLocale();
  if (!job.on_my_way) return null;
  return <p className="alert alert-success">{t('provider_note', { time: formatJobTime(job.on_my_way.arrival_at, locale, job.timezone) })}</p>;
}
