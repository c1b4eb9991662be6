/**
 * What the jobs do with live events: every job query refreshes (`jobKeys.all`: lists, details,
 * stats, badges, free slots and the provider's clients) on each job event and after each
 * reconnection, and a provider's platform shows a native notification for a new request, a request
 * the client changed, and a job's reminder (the desktop console).
 */
import type { JobEvent } from '@resuelve/contract';
import { getPlatform, hasPlatform } from '../../platform/index.ts';
import { getI18n } from '../../lib/i18n.ts';
import { onLiveEvent, onLiveReconnect, type LiveContext } from '../../lib/live.ts';
import { jobKeys } from './api.ts';

function refreshJobs({ queryClient }: LiveContext): void {
  void queryClient.invalidateQueries({ queryKey: jobKeys.all });
}

/**
 * The provider's native notifications about their jobs: a new request, a request the client
 * changed or cancelled, and the reminder of a coming job; each opens the job.
 */
function notifyProvider(event: JobEvent, { user }: LiveContext): void {
  if (!user.is_contractor || !hasPlatform()) return;
  const t = getI18n().t;
  const path = `/provider/jobs/${event.job_id}`;
  if (event.type === 'job.reminder') {
    const body = event.action === 'reminder_24h' ? t('common:live.reminder_24h_body') : t('common:live.reminder_2h_body');
    getPlatform().notify({ kind: 'reminder', title: t('common:live.reminder_title'), body, path });
  } else if (event.action === 'book') {
    getPlatform().notify({ kind: 'request', title: t('common:live.new_request_title'), body: t('common:live.new_request_body'), path });
  } else if (event.actor === 'client') {
    const cancelled = event.status === 'cancelled_by_client' || event.status === 'cancelled';
    const body = cancelled ? t('common:live.request_cancelled_body') : t('common:live.request_changed_body');
    getPlatform().notify({ kind: 'request_changed', title: t('common:live.request_changed_title'), body, path });
  }
}

/** Registers the jobs' live handlers; returns the function that removes them. */
export function followJobEvents(): () => void {
  const stops = [
    onLiveEvent('job.changed', (event, live) => {
      refreshJobs(live);
      notifyProvider(event, live);
    }),
    onLiveEvent('job.reminder', (event, live) => {
      refreshJobs(live);
      notifyProvider(event, live);
    }),
    onLiveReconnect(refreshJobs),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
