/**
 * A job's no-show on its page, for either side (issue 28, contract no-shows.ts). Once the api
 * lists `report_no_show` (15 minutes past an upcoming job's start): the provider's "Marcar cliente
 * ausente" or the client's "El proveedor no llegó", each with a dialog asking what happened (the
 * provider's shows the fee their policy records). Once reported: who reported, both sides' words,
 * the fee, the state of the review, and the other side's one answer while `answer_no_show` is listed.
 */
import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, noShowLimits, noShowOpensAt, toLocale, type JobNoShow } from '@resuelve/contract';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { useDateFormat } from '../../lib/date-format.ts';
import { jobQueries } from '../job/api.ts';
import type { Job } from '../job/api.ts';
import { useJobChange } from '../job/use-job-change.ts';
import { answerNoShow, noShowQueries, reportNoShow } from './api.ts';
import './no-shows.css';

export type NoShowSide = 'client' | 'provider';

/** The longest wait a page sets a timer for (a page open for days reloads the job anyway). */
const longestWaitMs = 24 * 3_600_000;

/**
 * An upcoming job not yet open to a report refreshes itself when its 15 minutes pass, so the
 * button appears without a reload (the api decides; the page only asks again then).
 */
function useRefreshWhenOpen(job: Job) {
  const queryClient = useQueryClient();
  const waiting = job.status === 'upcoming' && !job.no_show && !job.allowed_actions.includes('report_no_show');
  const opensAt = noShowOpensAt(job.scheduled_start).getTime();
  useEffect(() => {
    if (!waiting) return;
    const wait = opensAt - Date.now() + 1000;
    if (wait < 0 || wait > longestWaitMs) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: jobQueries.detail(job.id).queryKey }), wait);
    return () => clearTimeout(timer);
  }, [waiting, opensAt, job.id, queryClient]);
}

/** The no-show part of a job's page: the button to report, or the report with its answer. */
export function NoShowPanel({ job, side }: { job: Job; side: NoShowSide }) {
  const { t } = useTranslation('no-shows');
  const headingId = useId();
  useRefreshWhenOpen(job);
  const canReport = job.allowed_actions.includes('report_no_show');
  if (!job.no_show && !canReport) return null;
  return (
    <section className={`card no-show no-show--${side}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="no-show__title">
        {t('title')}
      </h2>
      {job.no_show ? <NoShowReport job={job} report={job.no_show} side={side} /> : <ReportNoShow job={job} side={side} />}
    </section>
  );
}

/** The other party's name, as this side sees it. */
const otherName = (job: Job, side: NoShowSide) => (side === 'provider' ? job.client.name : job.provider.name);

function ReportNoShow({ job, side }: { job: Job; side: NoShowSide }) {
  const { t } = useTranslation('no-shows');
  const [open, setOpen] = useState(false);
  return (
    <>
      <p className="muted">{t(`report.hint_${side}`)}</p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t(`report.${side}`)}
      </Button>
      {open && <ReportDialog job={job} side={side} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReportDialog({ job, side, onClose }: { job: Job; side: NoShowSide; onClose: () => void }) {
  const { t } = useTranslation('no-shows');
  const fieldId = useId();
  const [note, setNote] = useState('');
  const change = useJobChange((text: string) => reportNoShow(job.id, text));
  const short = note.trim().length < noShowLimits.textMinLength;
  const name = otherName(job, side);

  async function send() {
    if (await change.run(note.trim(), t('done.report'))) onClose();
  }

  return (
    <ConfirmDialog
      title={t(`dialog.title_${side}`)}
      message={t(`dialog.message_${side}`, { name })}
      confirmLabel={t(`dialog.confirm_${side}`)}
      cancelLabel={t('dialog.keep')}
      destructive
      confirmDisabled={change.pending || short}
      onCancel={onClose}
      onConfirm={() => void send()}
    >
      {side === 'provider' ? <ProviderFee jobId={job.id} /> : <p className="no-show__fee">{t('dialog.client_no_fee')}</p>}
      <div className="field">
        <label htmlFor={fieldId}>{t('dialog.note')}</label>
        <textarea
          id={fieldId}
          className="textarea"
          rows={4}
          maxLength={noShowLimits.textMaxLength}
          aria-describedby={`${fieldId}-hint`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        <p id={`${fieldId}-hint`} className="field-hint">
          {t('dialog.note_hint', { name, min: noShowLimits.textMinLength })}
        </p>
      </div>
      {change.problem ? <ErrorAlert>{change.problem}</ErrorAlert> : null}
    </ConfirmDialog>
  );
}

/** The fee the provider's report records, from the api (their policy's late fee). */
function ProviderFee({ jobId }: { jobId: string }) {
  const { t, i18n } = useTranslation('no-shows');
  const preview = useQuery({ ...noShowQueries.preview(jobId), meta: { silent: true } });
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  if (preview.isPending) return <p className="muted" role="status">{t('dialog.fee_loading')}</p>;
  if (preview.isError) return <p className="no-show__fee">{t('dialog.fee_failed')}</p>;
  const fee = preview.data.fee_cents;
  return <p className="no-show__fee">{fee > 0 ? t('dialog.fee', { fee: formatMoney(fee, locale) }) : t('dialog.no_fee')}</p>;
}

function NoShowReport({ job, report, side }: { job: Job; report: JobNoShow; side: NoShowSide }) {
  const { t, i18n } = useTranslation('no-shows');
  const dates = useDateFormat();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const name = otherName(job, side);
  const own = report.reported_by === side;
  const fee = report.fee_cents !== null ? formatMoney(report.fee_cents, locale) : null;
  return (
    <div className="no-show__report">
      <p className="no-show__lead">
        <strong>{t(`shown.by_${report.reported_by}_${own ? 'own' : 'other'}`, { name })}</strong>{' '}
        <span className="muted">{t('shown.reported_at', { when: dates.dateTime(report.created_at) })}</span>
      </p>
      <dl className="no-show__facts">
        <div>
          <dt>{t('shown.status')}</dt>
          <dd>
            <span className={`no-show__status no-show__status--${report.status}`}>{t(`shown.status_${report.status}`)}</span>
          </dd>
        </div>
        {fee && (
          <div>
            <dt>{t('shown.fee')}</dt>
            <dd>{report.fee_waived ? t('shown.fee_waived', { fee }) : fee}</dd>
          </div>
        )}
      </dl>
      <Words label={own ? t('shown.note_own') : t('shown.note_other', { name })} text={report.note} />
      {report.answer !== null ? (
        <Words label={own ? t('shown.answer_other', { name }) : t('shown.answer_own')} text={report.answer} />
      ) : job.allowed_actions.includes('answer_no_show') ? (
        <AnswerForm job={job} />
      ) : (
        <p className="muted">{t('shown.no_answer', { name })}</p>
      )}
      {report.resolution ? <Words label={t('shown.resolution')} text={report.resolution} /> : null}
    </div>
  );
}

function Words({ label, text }: { label: string; text: string }) {
  return (
    <figure className="no-show__words">
      <figcaption>{label}</figcaption>
      <blockquote>{text}</blockquote>
    </figure>
  );
}

/** The other side's one answer. */
function AnswerForm({ job }: { job: Job }) {
  const { t } = useTranslation('no-shows');
  const fieldId = useId();
  const [text, setText] = useState('');
  const change = useJobChange((words: string) => answerNoShow(job.id, words));
  const short = text.trim().length < noShowLimits.textMinLength;
  return (
    <form
      className="no-show__answer"
      onSubmit={(event) => {
        event.preventDefault();
        if (!short) void change.run(text.trim(), t('done.answer'));
      }}
    >
      <div className="field">
        <label htmlFor={fieldId}>{t('answer.label')}</label>
        <textarea
          id={fieldId}
          className="textarea"
          rows={3}
          maxLength={noShowLimits.textMaxLength}
          aria-describedby={`${fieldId}-hint`}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${fieldId}-hint`} className="field-hint">
          {t('answer.hint', { min: noShowLimits.textMinLength })}
        </p>
      </div>
      {change.problem ? <ErrorAlert>{change.problem}</ErrorAlert> : null}
      <Button type="submit" variant="primary" disabled={short} busy={change.pending}>
        {t('answer.submit')}
      </Button>
    </form>
  );
}
