/**
 * What quotes do with live events: every job query, and the quotes under them (`quoteKeys` sit
 * under `jobKeys.all`), refresh on each `quote.changed` (sent, revised, countered, accepted,
 * declined, expired), so the other side's card shows the new version or answer without a reload.
 * `job.changed` and a reconnection already refresh them through the jobs' own handler
 * (job-live.ts), and so does a conversation's quote accepted into a job.
 */
import { onLiveEvent, type LiveContext } from '../../lib/live.ts';
import { jobKeys } from '../job/api.ts';
import { refreshQueries } from '../../lib/refresh-queries.ts';

function refreshQuotes({ queryClient }: LiveContext): void {
  // The job's summary (`Job.quote`) moves with its quote: the jobs' key covers both.
  void refreshQueries(queryClient, jobKeys.all);
}

/** Registers the quotes' live handlers; returns the function that removes them. */
export function followQuoteEvents(): () => void {
  const stops = [onLiveEvent('quote.changed', (_event, live) => refreshQuotes(live))];
  return () => {
    for (const stop of stops) stop();
  };
}
