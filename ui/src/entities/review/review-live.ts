/**
 * What reviews do with live events: a provider's review lists and figures refresh when a client
 * reviews them (`review.created`), and after each reconnection.
 */
import { onLiveEvent, onLiveReconnect, type LiveContext } from '../../lib/live.ts';
import { jobQueries } from '../job/api.ts';
import { reviewKeys } from './api.ts';

function refreshReviews({ queryClient }: LiveContext): void {
  void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
  // The dashboard's rating and review count are the provider's stats, under the jobs' keys.
  void queryClient.invalidateQueries({ queryKey: jobQueries.providerStats().queryKey });
}

/** Registers the reviews' live handlers; returns the function that removes them. */
export function followReviewEvents(): () => void {
  const stops = [onLiveEvent('review.created', (_event, live) => refreshReviews(live)), onLiveReconnect(refreshReviews)];
  return () => {
    for (const stop of stops) stop();
  };
}
