import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { followBookingQueue } from '../../entities/job/booking-queue.ts';
import { jobKeys } from '../../entities/job/api.ts';
import { problemText } from '../../lib/api-error.ts';
import { getI18n } from '../../lib/i18n.ts';
import { navigateTo } from '../../lib/navigation.ts';

/** What waited goes when the connection returns, and each result is said aloud: never sent silently. */
export function followOfflineQueue(queryClient: QueryClient): () => void {
  return followBookingQueue({
    sent(item, job) {
      void queryClient.invalidateQueries({ queryKey: jobKeys.all });
      const t = getI18n().t;
      toast.success(t('common:offline.sent_book', { name: item.providerName }), {
        action: { label: t('common:offline.sent_book_view'), onClick: () => navigateTo(`/client/jobs/${encodeURIComponent(job.id)}`) },
      });
    },
    failed(item, error) {
      const t = getI18n().t;
      toast.error(t('common:offline.failed_book', { name: item.providerName, reason: problemText(t, error) }));
    },
  });
}
