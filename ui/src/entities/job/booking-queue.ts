/**
 * Booking requests made without a connection (decision record 0029). A request gets its
 * Idempotency-Key when the person sends it, waits (and says so) until the connection is back, may
 * be cancelled meanwhile, and then goes once, in the order written; the api answers a repeat of the
 * same key with the first answer, so a send that timed out and is tried again never books twice.
 * The queue is kept in this browser's storage (an outage often ends the page too) for the person
 * who wrote it, and forgotten when they sign out or another person signs in.
 */
import { onlineManager } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-client.ts';
import { createOutbox, forgetOnSignOut, localStorageStorage, newOutboxItem, type OutboxState } from '../../lib/outbox/index.ts';
import { useSession } from '../../lib/session-store.ts';
import { bookJob } from './api.ts';
import type { Job, NewBooking } from './api.ts';

/** `waiting`: for the connection; `sending`: on its way (cannot be called back); `failed`: refused. */
export type QueuedState = OutboxState;

export interface QueuedBooking {
  localId: string;
  idempotencyKey: string;
  userId: string;
  booking: NewBooking;
  /** Who it is for, to word the queue and the confirmation. */
  providerName: string;
  state: QueuedState;
  queuedAt: string;
  /** The refusal's code, once the api refused it. */
  problem: string | null;
}

/** The job each sent request became, by local id, for a screen still showing that request. */
const queue = createOutbox<QueuedBooking, { sent: Record<string, string> }>(localStorageStorage('resuelve.booking-queue'), () => ({ sent: {} }));

export const useBookingQueue = queue.store;

/** What sending needs from outside; tests replace the parts they drive. */
export const bookingQueueSettings = {
  send: (item: QueuedBooking): Promise<Job> => bookJob(item.booking, item.idempotencyKey),
  isOnline: () => onlineManager.isOnline(),
  /** After a send that got no answer while the device still seemed online. */
  networkRetryMs: 3_000,
};

export interface QueueEvents {
  sent(item: QueuedBooking, job: Job): void;
  failed(item: QueuedBooking, error: unknown): void;
}

const { update } = queue;

/** Puts a booking request in the queue with the key it was (or would have been) sent with. */
export function queueBooking(booking: NewBooking, providerName: string, idempotencyKey?: string): QueuedBooking {
  return queue.add({
    ...newOutboxItem('waiting', idempotencyKey),
    userId: useSession.getState().user?.id ?? '',
    booking,
    providerName,
    queuedAt: new Date().toISOString(),
    problem: null,
  });
}

/** Drops a request that has not gone (waiting or failed); one on its way cannot be called back. */
export function cancelQueuedBooking(localId: string): boolean {
  return queue.cancel(localId);
}

let flushing = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Sends every waiting request of the signed-in person, one after another, in the order written. */
export async function flushBookingQueue(events: QueueEvents): Promise<void> {
  if (flushing) return;
  flushing = true;
  clearTimeout(retryTimer);
  try {
    for (;;) {
      const userId = useSession.getState().user?.id;
      const next = useBookingQueue.getState().items.find((item) => item.state === 'waiting' && item.userId === userId);
      if (!next || !bookingQueueSettings.isOnline()) return;
      update(next.localId, { state: 'sending' });
      try {
        const job = await bookingQueueSettings.send(next);
        useBookingQueue.setState((s) => ({
          items: s.items.filter((item) => item.localId !== next.localId),
          sent: { ...s.sent, [next.localId]: job.id },
        }));
        events.sent(next, job);
      } catch (error) {
        // No answer: it waits once more, with the same key. Still "online" (a connection that has
        // just come back often drops the first request), it tries again a little later.
        if (!isApiError(error) || error.status === 0) {
          update(next.localId, { state: 'waiting' });
          if (bookingQueueSettings.isOnline()) retryTimer = setTimeout(() => void flushBookingQueue(events), bookingQueueSettings.networkRetryMs);
          return;
        }
        update(next.localId, { state: 'failed', problem: error.code });
        events.failed({ ...next, state: 'failed', problem: error.code }, error);
      }
    }
  } finally {
    flushing = false;
  }
}

/**
 * Follows the connection and the session: the queue goes once the connection is back (and at
 * start, for what an earlier page left), and is forgotten on sign-out or for another person.
 */
export function followBookingQueue(events: QueueEvents): () => void {
  const flushIfReady = () => {
    if (useSession.getState().status === 'signed_in' && bookingQueueSettings.isOnline()) void flushBookingQueue(events);
  };
  const stopOnline = onlineManager.subscribe((online) => {
    if (online) flushIfReady();
  });
  const keepOwn = () => {
    const { status, user, restoreFailed } = useSession.getState();
    // A session that could not be restored (no connection at start) has not ended: keep the queue.
    if (status === 'signed_out' && !restoreFailed) queue.clear();
    else if (status === 'signed_in') {
      queue.keep((item) => item.userId === user?.id);
      flushIfReady();
    }
  };
  const stopSession = forgetOnSignOut(queue, keepOwn);
  keepOwn();
  return () => {
    clearTimeout(retryTimer);
    stopOnline();
    stopSession();
  };
}
