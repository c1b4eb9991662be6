import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidJobHours, jobLimits } from '@resuelve/contract';
import { FormField } from '../../components/form-field.tsx';
import { HoursInput } from '../../components/hours-input.tsx';
import { patchJob, requestTimeExtension } from '../../entities/job/api.ts';
import type { Job } from '../../entities/job/api.ts';
import { useJobChange } from '../../entities/job/use-job-change.ts';
import { parseHours } from './messages.ts';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

export interface ActionFormProps {
  job: Job;
  onDone: () => void;
}

/** The frame every action form shares: its fields, the problem if the api refused, send and close. */
export function ActionForm(props: {
  title: string;
  submit: string;
  pending: boolean;
  problem: string | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('provider-jobs');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form className="card job-action-form" noValidate aria-label={props.title} onSubmit={onSubmit}>
      <h3 className="job-action-form__title">{props.title}</h3>
      {props.children}
      <ErrorAlert>{props.problem}</ErrorAlert>
      <div className="job-action-form__buttons">
        <Button type="submit" variant="primary" busy={props.pending}>
          {props.pending ? t('common.sending') : props.submit}
        </Button>
        <Button variant="quiet" onClick={props.onClose}>
          {t('common.close')}
        </Button>
      </div>
    </form>
  );
}

function HoursField({ label, hint, value, error, onChange }: { label: string; hint?: string; value: string; error: string | null; onChange: (v: string) => void }) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(ids) => <HoursInput {...ids} value={value} onChange={(e) => onChange(e.target.value)} />}
    </FormField>
  );
}

/** Accept a request with the estimated hours (≥ 0.25, quarter steps); the held time becomes the estimate. */
export function AcceptForm({ job, onDone }: ActionFormProps) {
  const { t } = useTranslation('provider-jobs');
  const [hours, setHours] = useState(String(job.estimated_hours ?? job.duration_hours));
  const [tried, setTried] = useState(false);
  const change = useJobChange((estimated: number) => patchJob(job.id, { action: 'accept', estimated_hours: estimated }));
  const valid = isValidJobHours(parseHours(hours));
  const submit = async () => {
    setTried(true);
    if (!valid) return;
    if (await change.run(parseHours(hours), t('done.accept'))) onDone();
  };
  return (
    <ActionForm title={t('accept.title')} submit={t('accept.submit')} pending={change.pending} problem={change.problem} onSubmit={() => void submit()} onClose={onDone}>
      <HoursField
        label={t('accept.estimated_hours')}
        hint={t('form.duration_hint')}
        value={hours}
        error={tried && !valid ? t('form.invalid_hours') : null}
        onChange={setHours}
      />
    </ActionForm>
  );
}

/** Decline a request, with a reason if the provider wants to give one. */
export function DeclineForm({ job, onDone }: ActionFormProps) {
  const { t } = useTranslation('provider-jobs');
  const [reason, setReason] = useState('');
  const change = useJobChange((text: string) => patchJob(job.id, text ? { action: 'decline', reason: text } : { action: 'decline' }));
  const submit = async () => {
    if (await change.run(reason.trim(), t('done.decline'))) onDone();
  };
  return (
    <ActionForm title={t('decline.title')} submit={t('decline.submit')} pending={change.pending} problem={change.problem} onSubmit={() => void submit()} onClose={onDone}>
      <FormField label={t('decline.reason')} hint={t('common.optional')}>
        {(ids) => <textarea {...ids} className="textarea" rows={3} maxLength={jobLimits.reasonMaxLength} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </FormField>
    </ActionForm>
  );
}

/** Ask the client for more time on a running job: additional hours and why. */
export function ExtensionForm({ job, onDone }: ActionFormProps) {
  const { t } = useTranslation('provider-jobs');
  const [hours, setHours] = useState('1');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const change = useJobChange((input: { hours: number; reason: string }) => requestTimeExtension(job.id, input.hours, input.reason || undefined));
  const valid = isValidJobHours(parseHours(hours));
  const submit = async () => {
    setTried(true);
    if (!valid) return;
    if (await change.run({ hours: parseHours(hours), reason: reason.trim() }, t('done.request_extension'))) onDone();
  };
  return (
    <ActionForm title={t('extension.title')} submit={t('extension.submit')} pending={change.pending} problem={change.problem} onSubmit={() => void submit()} onClose={onDone}>
      <HoursField label={t('extension.hours')} hint={t('form.duration_hint')} value={hours} error={tried && !valid ? t('form.invalid_hours') : null} onChange={setHours} />
      <FormField label={t('extension.reason')} hint={t('common.optional')}>
        {(ids) => <textarea {...ids} className="textarea" rows={3} maxLength={jobLimits.reasonMaxLength} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </FormField>
    </ActionForm>
  );
}
