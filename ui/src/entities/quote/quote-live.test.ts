import { describe, expect, it, vi } from 'vitest';
import type { LiveEventOf, Profile } from '@resuelve/contract';
import { profile } from '../../../test/helpers.tsx';
import { liveEventsOf } from '../../../test/fake-live-socket.ts';
import { quoteQueries } from './api.ts';
import { followQuoteEvents } from './quote-live.ts';

const client: Profile = profile({ id: 'client-1' });
const changed: LiveEventOf<'quote.changed'> = {
  type: 'quote.changed',
  quote_id: 'quote-1',
  job_id: 'job-1',
  conversation_id: null,
  status: 'sent',
  version: 2,
  at: '2030-01-02T15:00:00.000Z',
};

const live = liveEventsOf(client, followQuoteEvents);

describe('quote.changed', () => {
  it("refreshes the jobs and, under them, the job's quote, so a new version shows without a reload", () => {
    const invalidate = vi.spyOn(live.queryClient, 'invalidateQueries');
    live.queryClient.setQueryData(quoteQueries.ofJob('job-1').queryKey, null);
    live.socket().push('/users/client-1/events', changed);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['jobs'] });
    expect(live.queryClient.getQueryState(quoteQueries.ofJob('job-1').queryKey)?.isInvalidated).toBe(true);
  });
});
