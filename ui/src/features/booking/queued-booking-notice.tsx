import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/button.tsx';
import { cancelQueuedBooking, useBookingQueue } from '../../entities/job/booking-queue.ts';

/**
 * Below the booking form once a request waits for the connection: says so, offers Cancel, and once
 * the request went (the app confirms with a toast) opens its job, as a booking sent at once would.
 */
export function QueuedBookingNotice({ localId, providerName, onDone }: { localId: string; providerName: string; onDone: () => void }) {
  const { t } = useTranslation(['common', 'errors']);
  const navigate = useNavigate();
  const item = useBookingQueue((s) => s.items.find((i) => i.localId === localId));
  const jobId = useBookingQueue((s) => s.sent[localId]);
  useEffect(() => {
    if (jobId) void navigate(`/client/jobs/${encodeURIComponent(jobId)}`, { state: { booked: true } });
    else if (!item) onDone();
  }, [item, jobId, navigate, onDone]);
  if (!item) return null;
  const cancel = () => {
    if (cancelQueuedBooking(localId)) toast.success(t('offline.cancelled_book', { name: providerName }));
  };
  return (
    <div className="alert alert-offline" role="status">
      <p>
        {item.state === 'failed'
          ? t('offline.failed_book', { name: providerName, reason: t(`errors:${item.problem ?? 'unexpected'}`, { defaultValue: t('errors:unexpected') }) })
          : t('offline.queued_book', { name: providerName })}
      </p>
      {item.state !== 'sending' ? (
        <Button size="sm" onClick={cancel}>
          {t('offline.queued_book_cancel')}
        </Button>
      ) : null}
    </div>
  );
}
