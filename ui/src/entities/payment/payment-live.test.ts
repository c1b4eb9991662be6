import { describe, expect, it, vi } from 'vitest';
import type { LiveEventOf, Profile } from '@resuelve/contract';
import { profile } from '../../../test/helpers.tsx';
import { liveEventsOf } from '../../../test/fake-live-socket.ts';
import { jobQueries } from '../job/api.ts';
import { quoteQueries } from '../quote/api.ts';
import { receiptQueries } from '../receipt/api.ts';
import { paymentQueries } from './api.ts';
import { followPaymentEvents } from './payment-live.ts';

const client: Profile = profile({ id: 'client-1' });
const changed: LiveEventOf<'payment.changed'> = {
  type: 'payment.changed',
  job_id: 'job-1',
  payment_id: 'pay-1',
  status: 'paid',
  purpose: 'deposit',
  amount_cents: 4000,
  refunded_cents: 0,
  at: '2030-01-02T15:00:00.000Z',
};

const live = liveEventsOf(client, followPaymentEvents);

describe('payment.changed', () => {
  it("refreshes the job's payments, the job, its quote and its receipt, so a deposit approved on the phone shows at once", () => {
    const invalidate = vi.spyOn(live.queryClient, 'invalidateQueries');
    const keys = [paymentQueries.ofJob('job-1').queryKey, jobQueries.detail('job-1').queryKey, quoteQueries.ofJob('job-1').queryKey, receiptQueries.detail('job-1').queryKey];
    for (const key of keys) live.queryClient.setQueryData(key, null);
    live.socket().push('/users/client-1/events', changed);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['jobs'] });
    for (const key of keys) expect(live.queryClient.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
