/**
 * What reviews do with live events: a provider's review lists and figures refresh when a client
 * reviews them (`review.created`), and after each reconnection; the desktop console also shows a
 * native notification of the new review.
 */
import type { LiveEventOf } from '@resuelve/contract';
import { getI18n } from '../../lib/i18n.ts';
import { onLiveEvent, onLiveReconnect, type LiveContext } from '../../lib/live.ts';
import { getPlatform, hasPlatform } from '../../platform/index.ts';
import { jobQueries } from '../job/api.ts';
import { reviewKeys } from './api.ts';
import { refreshQueries } from '../../lib/refresh-queries.ts';

function refreshReviews({ queryClient }: LiveContext): void {
  void refreshQueries(queryClient, reviewKeys.all);
  // The dashboard's rating and review count are the provider's stats, under the jobs' keys.
  void refreshQueries(queryClient, jobQueries.providerStats().queryKey);
}

function notifyNewReview(event: LiveEventOf<'review.created'>, { user }: LiveContext): void {
  if (!user.is_contractor || !hasPlatform()) return;
  const t = getI18n().t;
  getPlatform().notify({ title: t('common:live.new_review_title'), body: t('common:live.new_review_body', { rating: event.rating }), path: '/provider/home' });
}

/** Registers the reviews' live handlers; returns the function that removes them. */
export function followReviewEvents(): () => void {
  const stops = [
    onLiveEvent('review.created', (event, live) => {
      refreshReviews(live);
      notifyNewReview(event, live);
    }),
    onLiveReconnect(refreshReviews),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
