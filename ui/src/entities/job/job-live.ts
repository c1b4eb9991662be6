/**
 * What the jobs do with live events: every job query refreshes (`jobKeys.all`: lists, details,
 * stats, badges, free slots and the provider's clients) on each job event and after each
 * reconnection, and a provider's platform shows a native notification for a new request, a request
 * the client changed, a client's no-show report about them or answer to theirs, and a job's
 * reminder (the desktop console).
 */
import type { JobEvent } from '@resuelve/contract';
import { getPlatform, hasPlatform } from '../../platform/index.ts';
import { getI18n } from '../../lib/i18n.ts';
import { onLiveEvent, onLiveReconnect, type LiveContext } from '../../lib/live.ts';
import { jobKeys } from './api.ts';
import { refreshQueries } from '../../lib/refresh-queries.ts';

function refreshJobs({ queryClient }: LiveContext): void {
  void refreshQueries(queryClient, jobKeys.all);
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
    const response = event.action === 'reminder_response';
    const body = response
      ? t('common:live.reminder_response_body')
      : event.action === 'reminder_24h'
        ? t('common:live.reminder_24h_body')
        : t('common:live.reminder_2h_body');
    getPlatform().notify({ kind: 'reminder', title: t(response ? 'common:live.reminder_response_title' : 'common:live.reminder_title'), body, path });
  } else if (event.action === 'book') {
    getPlatform().notify({ kind: 'request', title: t('common:live.new_request_title'), body: t('common:live.new_request_body'), path });
  } else if (event.actor === 'client' && (event.action === 'provider_no_show' || event.action === 'answer_no_show')) {
    // A no-show report about the provider, or the client's answer to theirs (contract no-shows.ts).
    getPlatform().notify({ kind: 'request_changed', title: t('common:live.no_show_title'), body: t(`common:live.${event.action}_body`), path });
  } else if (event.actor === 'client') {
    const cancelled = event.status === 'cancelled_by_client' || event.status === 'cancelled';
    const body = cancelled ? t('common:live.request_cancelled_body') : t('common:live.request_changed_body');
    getPlatform().notify({ kind: 'request_changed', title: t('common:live.request_changed_title'), body, path });
  }
}

/**
 * The client's notification that their provider is on the way (issue 30): on a platform that shows
 * them (a browser that allowed notifications), opening the appointment with the arrival.
 */
function notifyClientOnTheWay(event: JobEvent, { user }: LiveContext): void {
  if (event.action !== 'on_my_way' || event.actor !== 'provider' || user.is_contractor || !hasPlatform()) return;
  const i18n = getI18n();
  void i18n.loadNamespaces('on-my-way').then(() => {
    getPlatform().notify({ kind: 'other', title: i18n.t('on-my-way:live.title'), body: i18n.t('on-my-way:live.body'), path: `/client/jobs/${event.job_id}` });
  });
}

/** Registers the jobs' live handlers; returns the function that removes them. */
export function followJobEvents(): () => void {
  const stops = [
    onLiveEvent('job.changed', (event, live) => {
      refreshJobs(live);
      notifyProvider(event, live);
      notifyClientOnTheWay(event, live);
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
