import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/button.tsx';
import { Card } from '../../components/card.tsx';
import { cancelQueuedBooking, useBookingQueue } from '../../entities/job/booking-queue.ts';
import type { QueuedBooking } from '../../entities/job/booking-queue.ts';
import { useSession } from '../../lib/session-store.ts';

function stateText(t: (key: string, options?: Record<string, unknown>) => string, item: QueuedBooking): string {
  if (item.state === 'sending') return t('offline.queue_sending');
  if (item.state === 'failed') return t('offline.queue_failed', { reason: t(`errors:${item.problem ?? 'unexpected'}`, { defaultValue: t('errors:unexpected') }) });
  return t('offline.queue_waiting');
}

/** What waits for the connection, on every screen, each with its Cancel (one on its way has none). */
export function QueuedActions() {
  const { t } = useTranslation(['common', 'errors']);
  const titleId = useId();
  const userId = useSession((s) => s.user?.id);
  const items = useBookingQueue((s) => s.items).filter((item) => item.userId === userId);
  if (items.length === 0) return null;
  const cancel = (item: QueuedBooking) => {
    if (cancelQueuedBooking(item.localId)) toast.success(t('offline.cancelled_book', { name: item.providerName }));
  };
  return (
    <Card as="section" padding="sm" className="queued-actions" aria-labelledby={titleId}>
      <h2 id={titleId} className="queued-actions__title">
        {t('offline.queue_title')}
      </h2>
      <ul className="queued-actions__list">
        {items.map((item) => (
          <li key={item.localId} className={`queued-actions__item queued-actions__item--${item.state}`}>
            <span className="queued-actions__what">{t('offline.queue_book', { name: item.providerName, title: item.booking.title })}</span>
            <span className="queued-actions__state">{stateText(t, item)}</span>
            {item.state !== 'sending' ? (
              <Button
                size="sm"
                aria-label={t('offline.cancel_label', { what: t('offline.cancel_what_book', { name: item.providerName }) })}
                onClick={() => cancel(item)}
              >
                {t('offline.cancel')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
