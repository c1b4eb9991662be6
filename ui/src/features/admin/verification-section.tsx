import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { verificationLimits, verificationStatuses, type VerificationStatus } from '@resuelve/contract';
import {
  approveVerification,
  rejectVerification,
  verificationKeys,
  verificationQueries,
  type VerificationRequest,
} from '../../entities/verification/api.ts';
import { FormField } from '../../components/form-field.tsx';
import { apiFileHref } from '../../lib/api-client.ts';
import { AdminListSection, AdminReasonForm, AdminRequestCard } from './admin-list-section.tsx';
import { useDateFormat } from '../../lib/date-format.ts';
import { Button, ButtonAnchor } from '../../components/button.tsx';

const pageSize = 20;

/** /admin/verification: the queue of requests (oldest first), each approved or rejected with a reason. */
export function VerificationSection() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<VerificationStatus>('pending');
  const [offset, setOffset] = useState(0);
  const queue = useQuery({ ...verificationQueries.queue(status, offset, pageSize), meta: { silent: true } });
  return (
    <AdminListSection
      title={t('sections.verification')}
      query={queue}
      loading={t('verification.loading')}
      failed={t('verification.failed')}
      empty={t(`verification.empty.${status}`)}
      offset={offset}
      pageSize={pageSize}
      onPage={setOffset}
      card={(request) => <RequestCard request={request} />}
    >
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
    </AdminListSection>
  );
}

function RequestCard({ request }: { request: VerificationRequest }) {
  const { t } = useTranslation(['admin', 'verification']);
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: verificationKeys.all });
  const approve = useMutation({ mutationFn: () => approveVerification(request.id), onSuccess: refresh });
  const reject = useMutation({ mutationFn: (text: string) => rejectVerification(request.id, text), onSuccess: refresh });
  const dates = useDateFormat();
  const day = (value: string) => dates.day(value);
  const when = (value: string) => dates.dateTime(value);
  const failure = approve.error ?? reject.error;
  const busy = approve.isPending || reject.isPending;
  const headingId = `request-${request.id}`;

  function submitRejection() {
    const text = reason.trim();
    if (text.length < verificationLimits.reasonMinLength) {
      setReasonProblem(true);
      return;
    }
    setReasonProblem(false);
    reject.mutate(text);
  }

  return (
    <AdminRequestCard
      headingId={headingId}
      title={request.company_name ?? t('verification.unnamed')}
      facts={[
        [t('verification:form.licence_number'), request.licence_number],
        [t('verification:form.board'), t(`verification:boards.${request.licence_board}`)],
        [t('verification:form.expires_on'), day(request.insurance_expires_on)],
        [t('verification.sent'), when(request.created_at)],
        !!request.decided_at && [t('verification.decided'), when(request.decided_at)],
        !!request.reason && [t('verification.reason'), request.reason],
      ]}
      actions={
        <>
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
        </>
      }
      failure={failure}
    >
      {rejecting && request.status === 'pending' && (
        <AdminReasonForm
          onSubmit={submitRejection}
          disabled={busy}
          submitLabel={reject.isPending ? t('verification.rejecting') : t('verification.confirm_reject')}
          cancelLabel={t('verification.cancel')}
          onCancel={() => setRejecting(false)}
        >
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
        </AdminReasonForm>
      )}
    </AdminRequestCard>
  );
}
