import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jobLimits } from '@resuelve/contract';
import type { BusinessHours } from '@resuelve/contract';
import { FormField } from '../../components/form-field.tsx';
import { patchJob, proposeContinuation } from '../../entities/job/api.ts';
import type { Job } from '../../entities/job/api.ts';
import { dayInZone, timeInZone, zonedDateTimeToIso } from '../../entities/job/job-format.ts';
import { useJobChange } from '../../entities/job/use-job-change.ts';
import { ActionForm } from './hours-forms.tsx';
import type { ActionFormProps } from './hours-forms.tsx';
import { parseHours } from './messages.ts';
import { ScheduleFields, useSchedule } from './schedule-fields.tsx';
import type { ScheduleValues } from './schedule-fields.tsx';

interface ScheduleFormProps extends ActionFormProps {
  businessHours: BusinessHours;
}

function startOf(job: Job, values: ScheduleValues) {
  return { scheduled_start: zonedDateTimeToIso(values.date, values.time, job.timezone), duration_hours: parseHours(values.duration) };
}

/** Propose another date, time and duration (both date and time required); the api checks and holds it. */
export function ProposeScheduleForm({ job, businessHours, onDone }: ScheduleFormProps) {
  const { t } = useTranslation('provider-jobs');
  const schedule = useSchedule({ date: '', time: '', duration: String(job.duration_hours) });
  const change = useJobChange((v: ScheduleValues) => patchJob(job.id, { action: 'propose_schedule', ...startOf(job, v) }));
  const submit = async () => {
    if (!schedule.check()) return;
    if (await change.run(schedule.values, t('done.propose_schedule'))) onDone();
  };
  return (
    <ActionForm title={t('propose.title')} submit={t('propose.submit')} pending={change.pending} problem={change.problem} onSubmit={() => void submit()} onClose={onDone}>
      <JobScheduleFields schedule={schedule} job={job} businessHours={businessHours} moving />
    </ActionForm>
  );
}

/** Propose one more session of this job (date, time, duration, sessions in all); the client accepts or declines. */
export function ContinuationForm({ job, businessHours, onDone }: ScheduleFormProps) {
  const { t } = useTranslation('provider-jobs');
  const schedule = useSchedule({ date: '', time: timeInZone(job.scheduled_start, job.timezone), duration: String(job.duration_hours) });
  const [total, setTotal] = useState(String(Math.min(job.total_sessions + 1, jobLimits.maxSessions)));
  const originalId = job.original_job_id ?? job.id;
  const change = useJobChange((input: { values: ScheduleValues; total: number }) =>
    proposeContinuation({ original_job_id: originalId, ...startOf(job, input.values), total_sessions: input.total }),
  );
  const totalNumber = Number(total);
  const totalValid = Number.isInteger(totalNumber) && totalNumber > job.session_number && totalNumber <= jobLimits.maxSessions;
  const submit = async () => {
    if (!schedule.check() || !totalValid) return;
    if (await change.run({ values: schedule.values, total: totalNumber }, t('done.propose_continuation'))) onDone();
  };
  return (
    <ActionForm
      title={t('continuation.title')}
      submit={t('continuation.submit')}
      pending={change.pending}
      problem={change.problem}
      onSubmit={() => void submit()}
      onClose={onDone}
    >
      <JobScheduleFields schedule={schedule} job={job} businessHours={businessHours} />
      <FormField
        label={t('continuation.total_sessions')}
        hint={t('continuation.total_hint', { max: jobLimits.maxSessions })}
        error={schedule.tried && !totalValid ? t('continuation.invalid_total') : null}
        className="schedule-fields__narrow"
      >
        {(ids) => (
          <input
            {...ids}
            className="input"
            type="number"
            min={job.session_number + 1}
            max={jobLimits.maxSessions}
            step={1}
            value={total}
            onChange={(e) => setTotal(e.target.value)}
          />
        )}
      </FormField>
    </ActionForm>
  );
}

/** The schedule fields of a job's proposal, in the job's zone from today; `moving` the job itself (its own slot stays free). */
function JobScheduleFields({ schedule, job, businessHours, moving = false }: { schedule: ReturnType<typeof useSchedule>; job: Job; businessHours: BusinessHours; moving?: boolean }) {
  return (
    <ScheduleFields
      values={schedule.values}
      errors={schedule.errors}
      onChange={schedule.onChange}
      timezone={job.timezone}
      businessHours={businessHours}
      jobId={moving ? job.id : undefined}
      today={dayInZone(new Date(), job.timezone)}
    />
  );
}
