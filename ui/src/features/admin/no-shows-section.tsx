import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney, noShowLimits, toLocale, type NoShowStatus } from '@resuelve/contract';
import { adminKeys } from '../../entities/admin/api.ts';
import { noShowQueries, resolveNoShow, type AdminNoShowReport } from '../../entities/no-show/api.ts';
import { useDateFormat } from '../../lib/date-format.ts';
import { Button } from '../../components/button.tsx';
import { AdminListSection, AdminReasonForm, AdminRequestCard } from './admin-list-section.tsx';
import './no-shows.css';

const pageSize = 20;

/** /admin/no-shows: the no-show reports (open ones first shown), with both sides' words; resolving one, possibly waiving its fee. */
export function NoShowsSection() {
  const { t } = useTranslation(['no-shows', 'admin']);
  const [status, setStatus] = useState<NoShowStatus>('open');
  const [offset, setOffset] = useState(0);
  const reports = useQuery({ ...noShowQueries.admin(status, offset, pageSize), meta: { silent: true } });

  return (
    <AdminListSection
      title={t('admin:sections.no_shows')}
      query={reports}
      loading={t('admin.loading')}
      failed={t('admin.failed')}
      empty={t(status === 'open' ? 'admin.empty_open' : 'admin.empty_resolved')}
      count={(range) => t('admin.count', range)}
      offset={offset}
      pageSize={pageSize}
      onPage={setOffset}
      card={(report) => <NoShowCard report={report} />}
    >
      <div className="wrap-row admin-no-show__filter" role="group" aria-label={t('admin.filter')}>
        {(['open', 'resolved'] as const).map((choice) => (
          <Button
            key={choice}
            variant={status === choice ? 'primary' : 'secondary'}
            aria-pressed={status === choice}
            onClick={() => {
              setStatus(choice);
              setOffset(0);
            }}
          >
            {t(`admin.${choice}`)}
          </Button>
        ))}
      </div>
    </AdminListSection>
  );
}

function NoShowCard({ report }: { report: AdminNoShowReport }) {
  const { t, i18n } = useTranslation('no-shows');
  const queryClient = useQueryClient();
  const dates = useDateFormat();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const [resolving, setResolving] = useState(false);
  const [note, setNote] = useState('');
  const [waive, setWaive] = useState(false);
  const resolve = useMutation({
    mutationFn: () => resolveNoShow(report.id, { note: note.trim(), waive_fee: waive }),
    onSuccess: () => {
      setResolving(false);
      return queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  const names = { client: report.client.name, provider: report.provider.name };
  const fee = report.fee_cents === null ? null : formatMoney(report.fee_cents, locale);
  const providerWords = report.reported_by === 'provider' ? report.note : report.answer;
  const clientWords = report.reported_by === 'client' ? report.note : report.answer;
  const headingId = `no-show-${report.id}`;

  return (
    <AdminRequestCard
      headingId={headingId}
      title={t(`admin.title_${report.reported_by}`, names)}
      facts={[
        [t('admin.job'), report.job.title],
        [t('admin.when'), dates.dateTime(report.job.scheduled_start)],
        [t('admin.reported'), dates.dateTime(report.created_at)],
        [t('admin.fee'), fee === null ? t('admin.no_fee') : report.fee_waived ? t('admin.fee_waived', { fee }) : fee],
      ]}
      // Both sides' words come before the decision, so the button stands under what it decides.
      actions={null}
      failure={resolve.error}
    >
      <div className="admin-no-show__words">
        <AdminWords label={t('admin.provider_words', { name: report.provider.name })} text={providerWords} />
        <AdminWords label={t('admin.client_words', { name: report.client.name })} text={clientWords} />
        {report.resolution ? <AdminWords label={t('admin.resolution')} text={report.resolution} /> : null}
      </div>
      {report.status === 'open' && !resolving && (
        <div className="admin-no-show__resolve">
          <Button variant="primary" onClick={() => setResolving(true)}>
            {t('admin.resolve')}
          </Button>
        </div>
      )}
      {resolving && (
        <AdminReasonForm
          onSubmit={() => {
            if (note.trim()) resolve.mutate();
          }}
          busy={resolve.isPending}
          submitLabel={resolve.isPending ? t('admin.resolving') : t('admin.confirm')}
          cancelLabel={t('admin.cancel')}
          onCancel={() => setResolving(false)}
        >
          <label className="field">
            <span className="field__label">{t('admin.resolve_note')}</span>
            <textarea className="textarea" rows={3} required maxLength={noShowLimits.resolutionMaxLength} value={note} onChange={(e) => setNote(e.target.value)} autoFocus />
          </label>
          {fee !== null && (
            <label className="admin-no-show__waive">
              <input type="checkbox" checked={waive} onChange={(e) => setWaive(e.target.checked)} /> {t('admin.waive_fee', { fee })}
            </label>
          )}
        </AdminReasonForm>
      )}
    </AdminRequestCard>
  );
}

function AdminWords({ label, text }: { label: string; text: string | null }) {
  const { t } = useTranslation('no-shows');
  return (
    <figure className="admin-no-show__said">
      <figcaption>{label}</figcaption>
      {text === null ? <p className="muted">{t('admin.no_answer')}</p> : <blockquote>{text}</blockquote>}
    </figure>
  );
}
