import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { followJobEvents } from '../../entities/job/job-live.ts';
import { followMessageEvents } from '../../entities/message/message-live.ts';
import { followQuoteEvents } from '../../entities/quote/quote-live.ts';
import { followPaymentEvents } from '../../entities/payment/payment-live.ts';
import { followConnection } from '../../entities/message/outbox.ts';
import { followReviewEvents } from '../../entities/review/review-live.ts';
import { followSlotAlertEvents } from '../../entities/slot-alert/slot-alert-live.ts';
import { useLiveUpdates } from '../../lib/live.ts';
import { followOfflineQueue } from '../offline/follow-offline-queue.ts';

/**
 * What only a session uses: the live socket with each domain's handlers, the message outbox and
 * the offline booking queue. Its own chunk, loaded by the root layout once there may be a session
 * (decision 0040), so a visitor's public page neither downloads nor runs it.
 */
export function SignedInServices() {
  // Each domain's live handlers, registered before the socket opens.
  useEffect(() => followJobEvents(), []);
  useEffect(() => followReviewEvents(), []);
  useEffect(() => followMessageEvents(), []);
  useEffect(() => followQuoteEvents(), []);
  useEffect(() => followPaymentEvents(), []);
  useEffect(() => followSlotAlertEvents(), []);
  const queryClient = useQueryClient();
  useEffect(() => followConnection(queryClient), [queryClient]);
  useEffect(() => followOfflineQueue(queryClient), [queryClient]);
  useLiveUpdates();
  return null;
}
