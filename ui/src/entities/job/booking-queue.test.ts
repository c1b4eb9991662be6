import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onlineManager } from '@tanstack/react-query';
import type { Job, NewBooking } from '@resuelve/contract';
import { fakePlatform, jsonResponse, mockFetch, profile } from '../../../test/helpers.tsx';
import { setPlatform } from '../../platform/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { useSession } from '../../lib/session-store.ts';
import {
  bookingQueueSettings,
  cancelQueuedBooking,
  flushBookingQueue,
  followBookingQueue,
  queueBooking,
  useBookingQueue,
  type QueueEvents,
} from './booking-queue.ts';

const me = profile({ id: 'client-1' });
const booking = (title: string): NewBooking => ({
  provider_id: 'provider-1',
  category_id: 1,
  title,
  description: '',
  scheduled_start: '2026-12-01T13:00:00.000Z',
  duration_hours: 1,
  location_type: 'on_site',
  location_address: null,
});
const states = () => useBookingQueue.getState().items.map((item) => [item.booking.title, item.state]);

function recorder(): QueueEvents & { log: string[] } {
  const log: string[] = [];
  return { log, sent: (item, job) => log.push(`sent ${item.booking.title} → ${job.id}`), failed: (item) => log.push(`failed ${item.booking.title} ${item.problem}`) };
}

/** POST /jobs answered by `answer`; records each request's key and title. */
function api(answer: (title: string, call: number) => Response | Promise<Response>) {
  const sent: { key: string | null; title: string }[] = [];
  mockFetch({
    'POST /jobs': (init) => {
      const title = (JSON.parse(String(init?.body)) as NewBooking).title ?? '';
      sent.push({ key: new Headers(init?.headers).get('Idempotency-Key'), title });
      return answer(title, sent.length);
    },
  });
  return sent;
}

const created = (call: number) => jsonResponse({ id: `job-${call}` } as Job, 201);
const originalSend = bookingQueueSettings.send;

beforeEach(() => {
  setPlatform(fakePlatform());
  useSession.setState({ status: 'signed_in', accessToken: 'access-1', user: me, restoreFailed: false, signedOutByUser: false });
  useBookingQueue.setState({ items: [], sent: {} });
  onlineManager.setOnline(false);
});

afterEach(() => {
  bookingQueueSettings.send = originalSend;
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the booking queue', () => {
  it('keeps a request made offline waiting, stored for this person, and sends nothing', () => {
    const sent = api((_t, call) => created(call));
    queueBooking(booking('Fix the sink'), 'Plomería Boricua', 'key-1');
    expect(states()).toEqual([['Fix the sink', 'waiting']]);
    expect(sent).toEqual([]);
    const saved = JSON.parse(localStorage.getItem('resuelve.booking-queue') ?? '[]') as { userId: string; idempotencyKey: string }[];
    expect(saved.map((item) => [item.userId, item.idempotencyKey])).toEqual([['client-1', 'key-1']]);
  });

  it('sends what waits once the connection returns, in order, each with its own key, and reports each', async () => {
    const sent = api((_t, call) => created(call));
    const events = recorder();
    const stop = followBookingQueue(events);
    queueBooking(booking('First'), 'Ana', 'key-1');
    queueBooking(booking('Second'), 'Luis', 'key-2');
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(states()).toEqual([]));
    expect(sent).toEqual([
      { key: 'key-1', title: 'First' },
      { key: 'key-2', title: 'Second' },
    ]);
    expect(events.log).toEqual(['sent First → job-1', 'sent Second → job-2']);
    expect(Object.values(useBookingQueue.getState().sent)).toEqual(['job-1', 'job-2']);
    stop();
  });

  it('sends on a later reconnection too, after rounds that found nothing to send', async () => {
    const sent = api((_t, call) => created(call));
    onlineManager.setOnline(true);
    const stop = followBookingQueue(recorder());
    await flushBookingQueue(recorder());
    onlineManager.setOnline(false);
    queueBooking(booking('Later'), 'Ana');
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(states()).toEqual([]));
    expect(sent.map((s) => s.title)).toEqual(['Later']);
    stop();
  });

  it('never sends a request cancelled before the connection returned', async () => {
    const sent = api((_t, call) => created(call));
    const events = recorder();
    const stop = followBookingQueue(events);
    const kept = queueBooking(booking('Kept'), 'Ana');
    const dropped = queueBooking(booking('Dropped'), 'Luis');
    expect(cancelQueuedBooking(dropped.localId)).toBe(true);
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(states()).toEqual([]));
    expect(sent.map((s) => s.title)).toEqual(['Kept']);
    expect(sent[0]!.key).toBe(kept.idempotencyKey);
    stop();
  });

  it('cannot call back a request already on its way', async () => {
    let answer: (r: Job) => void = () => undefined;
    bookingQueueSettings.send = () => new Promise<Job>((resolve) => (answer = resolve));
    const item = queueBooking(booking('On its way'), 'Ana');
    onlineManager.setOnline(true);
    const done = flushBookingQueue(recorder());
    expect(states()).toEqual([['On its way', 'sending']]);
    expect(cancelQueuedBooking(item.localId)).toBe(false);
    answer({ id: 'job-9' } as Job);
    await done;
    expect(states()).toEqual([]);
  });

  it('keeps the same key when a send gets no answer, and tries again by itself, so the retry cannot book twice', async () => {
    bookingQueueSettings.networkRetryMs = 5;
    const keys: string[] = [];
    bookingQueueSettings.send = (item) => {
      keys.push(item.idempotencyKey);
      if (keys.length === 1) return Promise.reject(new ApiError('offline', 0, 'network_error'));
      return Promise.resolve({ id: 'job-1' } as Job);
    };
    queueBooking(booking('Flaky'), 'Ana', 'key-same');
    onlineManager.setOnline(true);
    await flushBookingQueue(recorder());
    expect(states()).toEqual([['Flaky', 'waiting']]);
    await vi.waitFor(() => expect(states()).toEqual([]));
    expect(keys).toEqual(['key-same', 'key-same']);
  });

  it('marks a refused request failed with its code and says so, and goes on with the next', async () => {
    api((title, call) => (title === 'Taken' ? jsonResponse({ error: 'taken', code: 'slot_already_booked' }, 409) : created(call)));
    const events = recorder();
    queueBooking(booking('Taken'), 'Ana');
    queueBooking(booking('Free'), 'Luis');
    onlineManager.setOnline(true);
    await flushBookingQueue(events);
    expect(states()).toEqual([['Taken', 'failed']]);
    expect(events.log).toEqual(['failed Taken slot_already_booked', 'sent Free → job-2']);
  });

  it('forgets the queue on sign-out but keeps it when the session could not be restored offline', () => {
    const stop = followBookingQueue(recorder());
    queueBooking(booking('Mine'), 'Ana');
    useSession.setState({ status: 'signed_out', accessToken: null, user: null, restoreFailed: true });
    expect(states()).toEqual([['Mine', 'waiting']]);
    useSession.setState({ status: 'signed_in', accessToken: 'a', user: me, restoreFailed: false });
    useSession.setState({ status: 'signed_out', accessToken: null, user: null, restoreFailed: false });
    expect(states()).toEqual([]);
    expect(localStorage.getItem('resuelve.booking-queue')).toBeNull();
    stop();
  });

  it('drops another person’s requests when someone else signs in', () => {
    queueBooking(booking('Theirs'), 'Ana');
    const stop = followBookingQueue(recorder());
    useSession.setState({ status: 'signed_in', accessToken: 'b', user: profile({ id: 'client-2' }) });
    expect(states()).toEqual([]);
    stop();
  });
});
