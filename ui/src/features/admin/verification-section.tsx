import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, verificationLimits, verificationStatuses, type VerificationStatus } from '@resuelve/contract';
import {
  approveVerification,
  rejectVerification,
  verificationKeys,
  verificationQueries,
  type VerificationRequest,
} from '../../entities/verification/api.ts';
import { FormField } from '../../components/form-field.tsx';
import { apiFileHref } from '../../lib/api-client.ts';
import { problemText } from '../../lib/api-error.ts';
import { PagedQueue } from './list-parts.tsx';
import { AdminSectionFrame } from './section-frame.tsx';
import { useIntlLocale } from './use-admin-locale.ts';
import { Button, ButtonAnchor } from '../../components/button.tsx';

const pageSize = 20;

/** /admin/verification: the queue of requests (oldest first), each approved or rejected with a reason. */
export function VerificationSection() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<VerificationStatus>('pending');
  const [offset, setOffset] = useState(0);
  const queue = useQuery({ ...verificationQueries.queue(status, offset, pageSize), meta: { silent: true } });
  return (
    <AdminSectionFrame title={t('sections.verification')}>
      <div className="admin-segments" role="group" aria-label={t('verification.status_label')}>
        {verificationStatuses.map((option) => (
          <Button
            key={option}
            variant={option === status ? 'primary' : 'secondary'}
            aria-pressed={option === status}
            onClick={() => {
              setStatus(option);
              setOffset(0);
            }}
          >
            {t(`verification.statuses.${option}`)}
          </Button>
        ))}
      </div>
      <PagedQueue
        query={queue}
        loading={t('verification.loading')}
        failed={t('verification.failed')}
        empty={t(`verification.empty.${status}`)}
        offset={offset}
        pageSize={pageSize}
        onPage={setOffset}
        card={(request) => <RequestCard request={request} />}
      />
    </AdminSectionFrame>
  );
}

function RequestCard({ request }: { request: VerificationRequest }) {
  const { t } = useTranslation(['admin', 'verification']);
  const locale = useIntlLocale();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: verificationKeys.all });
  const approve = useMutation({ mutationFn: () => approveVerification(request.id), onSuccess: refresh });
  const reject = useMutation({ mutationFn: (text: string) => rejectVerification(request.id, text), onSuccess: refresh });
  const day = (value: string) => dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${value}T00:00:00Z`));
  const when = (value: string) => dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
  const failure = approve.error ?? reject.error;
  const busy = approve.isPending || reject.isPending;
  const headingId = `request-${request.id}`;

  function submitRejection(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < verificationLimits.reasonMinLength) {
      setReasonProblem(true);
      return;
    }
    setReasonProblem(false);
    reject.mutate(text);
  }

  return (
    <article className="admin-request" aria-labelledby={headingId}>
      <h3 id={headingId} className="admin-request__title">
        {request.company_name ?? t('verification.unnamed')}
      </h3>
      <dl className="admin-request__facts">
        <div>
          <dt>{t('verification:form.licence_number')}</dt>
          <dd>{request.licence_number}</dd>
        </div>
        <div>
          <dt>{t('verification:form.board')}</dt>
          <dd>{t(`verification:boards.${request.licence_board}`)}</dd>
        </div>
        <div>
          <dt>{t('verification:form.expires_on')}</dt>
          <dd>{day(request.insurance_expires_on)}</dd>
        </div>
        <div>
          <dt>{t('verification.sent')}</dt>
          <dd>{when(request.created_at)}</dd>
        </div>
        {request.decided_at && (
          <div>
            <dt>{t('verification.decided')}</dt>
            <dd>{when(request.decided_at)}</dd>
          </div>
        )}
        {request.reason && (
          <div>
            <dt>{t('verification.reason')}</dt>
            <dd>{request.reason}</dd>
          </div>
        )}
      </dl>
      <div className="admin-request__actions">
        <ButtonAnchor variant="secondary" href={apiFileHref(request.certificate.url)} target="_blank" rel="noreferrer">
          {t('verification.view_certificate', { kind: request.certificate.content_type === 'application/pdf' ? 'PDF' : t('verification.image') })}
        </ButtonAnchor>
        {request.status === 'pending' && !rejecting && (
          <>
            <Button variant="primary" disabled={busy} onClick={() => approve.mutate()}>
              {approve.isPending ? t('verification.approving') : t('verification.approve')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setRejecting(true)}>
              {t('verification.reject')}
            </Button>
          </>
        )}
      </div>
      {rejecting && request.status === 'pending' && (
        <form className="admin-request__reject" onSubmit={submitRejection}>
          <FormField label={t('verification.reason_label')} hint={t('verification.reason_hint')} error={reasonProblem ? t('verification.reason_required') : null}>
            {(ids) => (
              <textarea
                {...ids}
                className="textarea"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={verificationLimits.reasonMaxLength}
                rows={3}
                autoFocus
              />
            )}
          </FormField>
          <div className="admin-request__actions">
            <Button type="submit" variant="primary" disabled={busy}>
              {reject.isPending ? t('verification.rejecting') : t('verification.confirm_reject')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setRejecting(false)}>
              {t('verification.cancel')}
            </Button>
          </div>
        </form>
      )}
      {failure && (
        <p className="alert alert-error" role="alert">
          {problemText(t, failure)}
        </p>
      )}
    </article>
  );
}
