import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { formatMoney, jobLimits } from '@resuelve/contract';
import type { CancellationPreview } from '@resuelve/contract';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { jobQueries, patchJob } from '../../entities/job/api.ts';
import { formatJobShortDate, formatJobTime, useJobLocale } from '../../entities/job/job-format.ts';
import { CancellationPolicyLine } from '../../entities/provider/cancellation-policy.tsx';
import type { Job, JobPatch } from '../../entities/job/api.ts';
import { useJobChange } from '../../entities/job/use-job-change.ts';
import { Button } from '../../components/button.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

/** The client's side of DESIGN.md §5, in the order the buttons show; only those the api allows appear. */
const clientActions = ['accept_schedule', 'request_modification', 'accept_continuation', 'decline_continuation', 'cancel'] as const;
type ClientAction = (typeof clientActions)[number];

/** Actions that need a question first: cancel (reason), a change (explanation), declining a session. */
type Asking = 'cancel' | 'request_modification' | 'decline_continuation' | null;

/** The buttons of the actions `job.allowed_actions` lists for the client, with their dialogs. */
export function ClientJobActions({ job }: { job: Job }) {
  const { t } = useTranslation(['client-jobs', 'jobs']);
  const fieldId = useId();
  const [asking, setAsking] = useState<Asking>(null);
  const [text, setText] = useState('');
  const change = useJobChange((patch: JobPatch) => patchJob(job.id, patch));
  // What cancelling costs now, read when the dialog opens: the client confirms the fee they saw.
  const fee = useQuery({ ...jobQueries.cancellation(job.id), enabled: asking === 'cancel', meta: { silent: true } });
  const locale = useJobLocale();
  const allowed = clientActions.filter((action) => job.allowed_actions.includes(action));
  if (allowed.length === 0) return null;

  async function send(patch: JobPatch) {
    const done = await change.run(patch, t(`actions.done.${patch.action}`));
    if (done) close();
  }

  function open(action: ClientAction) {
    change.clearProblem();
    if (action === 'accept_schedule' || action === 'accept_continuation') void send({ action });
    else {
      setText('');
      setAsking(action);
    }
  }

  function close() {
    setAsking(null);
    setText('');
  }

  const explanationShort = text.trim().length < jobLimits.explanationMinLength;

  return (
    <div className="client-job-actions">
      <div className="job-buttons wrap-row" role="group" aria-label={t('actions.label')}>
        {allowed.map((action) => (
          <Button
            key={action}
            variant={action.startsWith('accept') ? 'primary' : action === 'cancel' ? 'quiet' : 'secondary'}
            disabled={change.pending}
            onClick={() => open(action)}
          >
            {t(`jobs:action.${action}`)}
          </Button>
        ))}
      </div>
      {change.problem && !asking ? <ErrorAlert>{change.problem}</ErrorAlert> : null}
      {asking === 'cancel' && (
        <ConfirmDialog
          title={t('actions.cancel_title')}
          message={t('actions.cancel_message')}
          confirmLabel={fee.data && fee.data.fee_cents > 0 ? t('cancel_fee.confirm_fee', { fee: formatMoney(fee.data.fee_cents, locale) }) : t('actions.cancel_confirm')}
          cancelLabel={t('actions.keep')}
          destructive
          confirmDisabled={change.pending || !fee.data || fee.isFetching}
          onCancel={close}
          onConfirm={() =>
            fee.data && void send({ action: 'cancel', expected_fee_cents: fee.data.fee_cents, ...(text.trim() ? { reason: text.trim() } : {}) })
          }
        >
          <CancelFee job={job} preview={fee.data} loading={fee.isPending} failed={fee.isError} />
          <div className="field">
            <label htmlFor={fieldId}>{t('actions.cancel_reason')}</label>
            <textarea id={fieldId} className="textarea" rows={3} maxLength={jobLimits.reasonMaxLength} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
          <DialogProblem text={change.problem} />
        </ConfirmDialog>
      )}
      {asking === 'request_modification' && (
        <ConfirmDialog
          title={t('actions.change_title')}
          message={t('actions.change_message')}
          confirmLabel={t('actions.send')}
          cancelLabel={t('actions.keep')}
          confirmDisabled={change.pending || explanationShort}
          onCancel={close}
          onConfirm={() => void send({ action: 'request_modification', explanation: text.trim() })}
        >
          <div className="field">
            <label htmlFor={fieldId}>{t('actions.explanation')}</label>
            <textarea
              id={fieldId}
              className="textarea"
              rows={4}
              maxLength={jobLimits.explanationMaxLength}
              aria-describedby={`${fieldId}-hint`}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <p id={`${fieldId}-hint`} className="field-hint">
              {t('actions.explanation_hint', { min: jobLimits.explanationMinLength })}
            </p>
          </div>
          <DialogProblem text={change.problem} />
        </ConfirmDialog>
      )}
      {asking === 'decline_continuation' && (
        <ConfirmDialog
          title={t('actions.decline_continuation_title')}
          message={t('actions.decline_continuation_message')}
          confirmLabel={t('jobs:action.decline_continuation')}
          cancelLabel={t('actions.keep')}
          destructive
          confirmDisabled={change.pending}
          onCancel={close}
          onConfirm={() => void send({ action: 'decline_continuation' })}
        >
          <DialogProblem text={change.problem} />
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The cancel dialog's fee (issue 28): the amount cancelling now records, or that it is free, and the provider's policy. */
function CancelFee({ job, preview, loading, failed }: { job: Job; preview: CancellationPreview | undefined; loading: boolean; failed: boolean }) {
  const { t } = useTranslation('client-jobs');
  const locale = useJobLocale();
  if (failed) return <p className="alert alert-error" role="alert">{t('cancel_fee.failed')}</p>;
  if (loading || !preview) return <p className="muted" role="status">{t('cancel_fee.loading')}</p>;
  const later = preview.free_until && new Date(preview.free_until).getTime() > Date.now() ? preview.free_until : null;
  return (
    <div className={preview.fee_cents > 0 ? 'cancel-fee cancel-fee--charged' : 'cancel-fee'} data-cancel-fee>
      <p>
        <strong>
          {preview.fee_cents > 0
            ? t('cancel_fee.fee', { fee: formatMoney(preview.fee_cents, locale) })
            : later
              ? t('cancel_fee.free_until', { when: `${formatJobShortDate(later, locale, job.timezone)}, ${formatJobTime(later, locale, job.timezone)}` })
              : t('cancel_fee.free')}
        </strong>
      </p>
      <CancellationPolicyLine policy={preview.policy} className="muted" />
    </div>
  );
}

function DialogProblem({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="alert alert-error" role="alert">
      {text}
    </p>
  );
}
