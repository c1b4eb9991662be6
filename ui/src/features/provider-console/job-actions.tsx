import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BusinessHours, JobAction } from '@resuelve/contract';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { endJob, patchJob, startJob } from '../../entities/job/api.ts';
import type { Job } from '../../entities/job/api.ts';
import { useJobChange } from '../../entities/job/use-job-change.ts';
import { SendQuoteButton } from '../../entities/quote/job-quote.tsx';
import { AcceptForm, DeclineForm, ExtensionForm } from './hours-forms.tsx';
import { ContinuationForm, ProposeScheduleForm } from './schedule-forms.tsx';
import { OnMyWayForm, OnMyWayNote } from './on-my-way-form.tsx';
import { ProviderSection } from './section.tsx';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

/** Actions that open a form first; the others happen at once (cancel after a confirmation). */
type FormAction = 'accept' | 'decline' | 'propose_schedule' | 'request_extension' | 'propose_continuation' | 'on_my_way';
type DirectAction = 'keep_schedule' | 'start' | 'end';

/** The provider's buttons, in the order a provider meets them. */
const providerActions = [
  'accept',
  'propose_schedule',
  'keep_schedule',
  'decline',
  'on_my_way',
  'start',
  'end',
  'request_extension',
  'propose_continuation',
  'cancel',
] as const satisfies readonly JobAction[];

const formActions: readonly string[] = ['accept', 'decline', 'propose_schedule', 'request_extension', 'propose_continuation', 'on_my_way'];

function direct(job: Job, action: DirectAction): Promise<Job> {
  if (action === 'start') return startJob(job.id);
  if (action === 'end') return endJob(job.id);
  return patchJob(job.id, { action: 'keep_schedule' });
}

/**
 * What the provider may do to this job now: one button per action the api lists in
 * `allowed_actions` (DESIGN.md §5) and nothing else.
 */
export function JobActions({ job, businessHours }: { job: Job; businessHours: BusinessHours }) {
  const { t } = useTranslation(['provider-jobs', 'jobs']);
  const [open, setOpen] = useState<FormAction | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const now = useJobChange((action: DirectAction) => direct(job, action));
  const cancel = useJobChange(() => patchJob(job.id, { action: 'cancel' }));
  const shown = providerActions.filter((action) => job.allowed_actions.includes(action));
  const close = () => setOpen(null);
  // A form whose action went away meanwhile (a live change) closes by itself.
  const form = open && job.allowed_actions.includes(open) ? open : null;

  if (shown.length === 0) return null;
  return (
    <ProviderSection title={t('details.actions')} className="job-actions">
      <div className="job-buttons wrap-row">
        {shown.map((action) => {
          const primary = action === 'accept' || action === 'start' || action === 'end';
          const onClick = () => {
            if (action === 'cancel') setConfirmCancel(true);
            else if (formActions.includes(action)) setOpen(action as FormAction);
            else void now.run(action as DirectAction, t(`done.${action}`));
          };
          const button = (
            <Button
              key={action}
              variant={primary ? 'primary' : action === 'cancel' || action === 'decline' ? 'quiet' : 'secondary'}
              aria-expanded={formActions.includes(action) ? open === action : undefined}
              disabled={now.pending || cancel.pending}
              onClick={onClick}
            >
              {t(`jobs:action.${action}`)}
            </Button>
          );
          // A quote is the other answer to a request: its button stands beside Accept.
          return action === 'accept' ? [button, <SendQuoteButton key="send_quote" job={job} />] : button;
        })}
      </div>
      {now.problem || cancel.problem ? <ErrorAlert>{now.problem ?? cancel.problem}</ErrorAlert> : null}
      <OnMyWayNote job={job} />
      {form === 'on_my_way' ? <OnMyWayForm job={job} onDone={close} /> : null}
      {form === 'accept' ? <AcceptForm job={job} onDone={close} /> : null}
      {form === 'decline' ? <DeclineForm job={job} onDone={close} /> : null}
      {form === 'request_extension' ? <ExtensionForm job={job} onDone={close} /> : null}
      {form === 'propose_schedule' ? <ProposeScheduleForm job={job} businessHours={businessHours} onDone={close} /> : null}
      {form === 'propose_continuation' ? <ContinuationForm job={job} businessHours={businessHours} onDone={close} /> : null}
      {confirmCancel ? (
        <ConfirmDialog
          title={t('cancel.title')}
          message={t('cancel.message', { title: job.title })}
          confirmLabel={t('cancel.confirm')}
          cancelLabel={t('cancel.keep')}
          destructive
          onCancel={() => setConfirmCancel(false)}
          onConfirm={() => {
            setConfirmCancel(false);
            void cancel.run(undefined, t('done.cancel'));
          }}
        />
      ) : null}
    </ProviderSection>
  );
}
