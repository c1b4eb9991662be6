/**
 * What the jobs do with live events: every job query refreshes (`jobKeys.all`: lists, details,
 * stats, badges, free slots and the provider's clients) on each job event and after each
 * reconnection, and a provider's platform shows a native notification for a new request (the
 * desktop console).
 */
import type { JobEvent } from '@resuelve/contract';
import { getPlatform, hasPlatform } from '../../platform/index.ts';
import { getI18n } from '../../lib/i18n.ts';
import { onLiveEvent, onLiveReconnect, type LiveContext } from '../../lib/live.ts';
import { jobKeys } from './api.ts';

function refreshJobs({ queryClient }: LiveContext): void {
  void queryClient.invalidateQueries({ queryKey: jobKeys.all });
}

function notifyNewRequest(event: JobEvent, { user }: LiveContext): void {
  if (!user.is_contractor || event.action !== 'book' || !hasPlatform()) return;
  const t = getI18n().t;
  getPlatform().notify({ title: t('common:live.new_request_title'), body: t('common:live.new_request_body'), path: `/provider/jobs/${event.job_id}` });
}

/** Registers the jobs' live handlers; returns the function that removes them. */
export function followJobEvents(): () => void {
  const stops = [
    onLiveEvent('job.changed', (event, live) => {
      refreshJobs(live);
      notifyNewRequest(event, live);
    }),
    onLiveEvent('job.reminder', (_event, live) => refreshJobs(live)),
    onLiveReconnect(refreshJobs),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
