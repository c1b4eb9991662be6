import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver, onlineManager } from '@tanstack/react-query';
import type { JobEvent, Profile } from '@resuelve/contract';
import { setPlatform } from '../platform/index.ts';
import { fakePlatform, profile } from '../../test/helpers.tsx';
import { FakeSocket } from '../../test/fake-live-socket.ts';
import { followJobEvents } from '../entities/job/job-live.ts';
import { onLiveEvent, onLiveReconnect, startLive, useLive, liveSocketUrl, type LiveClient } from './live.ts';
import { useSession } from './session-store.ts';
import { registerNavigator } from './navigation.ts';

const client: Profile = profile({ id: 'client-1' });
const provider: Profile = profile({ id: 'provider-1', is_contractor: true });
const event = (overrides: Partial<JobEvent> = {}): JobEvent => ({
  type: 'job.changed',
  job_id: 'job-1',
  status: 'upcoming',
  from_status: 'pending',
  action: 'accept',
  actor: 'provider',
  at: '2026-11-21T12:00:00.000Z',
  ...overrides,
});

let sockets: FakeSocket[];
let queryClient: QueryClient;
let stop: (() => void) | null;
let stopJobs: () => void;

function signIn(user: Profile, token: string) {
  useSession.setState({ status: 'signed_in', accessToken: token, user, restoreFailed: false, signedOutByUser: false });
}

function start(retryMs = 10) {
  stop = startLive(queryClient, {
    url: 'ws://api.test/api/v1/live',
    retryMs,
    createClient: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket as unknown as LiveClient;
    },
  });
}

beforeEach(() => {
  sockets = [];
  queryClient = new QueryClient();
  stop = null;
  setPlatform(fakePlatform());
  useSession.setState({ status: 'signed_out', accessToken: null, user: null, restoreFailed: false, signedOutByUser: false });
  useLive.setState({ status: 'off', lastEvent: null });
  stopJobs = followJobEvents();
});

afterEach(() => {
  stop?.();
  stopJobs();
});

describe('live updates', () => {
  it('connects when someone signs in, with their token, subscribed to their own events', async () => {
    start();
    expect(sockets).toHaveLength(0);
    signIn(client, 'token-1');
    expect(sockets).toHaveLength(1);
    const [socket] = sockets;
    expect(socket!.url).toBe('ws://api.test/api/v1/live');
    expect([...socket!.subscriptions.keys()]).toEqual(['/users/client-1/events']);
    expect(socket!.connects).toEqual([{ headers: { authorization: 'Bearer token-1' } }]);
    await vi.waitFor(() => expect(useLive.getState().status).toBe('live'));
  });

  it('refreshes every job query when an event arrives, and keeps the event', async () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    signIn(client, 'token-1');
    start();
    sockets[0]!.push('/users/client-1/events', event());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['jobs'] });
    expect(useLive.getState().lastEvent).toEqual(event());
  });

  it('a new request arriving while the provider\'s requests are on their first load is asked for again: the badge counts it', async () => {
    const answers: ((jobs: string[]) => void)[] = [];
    const requests = new QueryObserver<string[]>(queryClient, {
      queryKey: ['jobs', 'provider', 'requests'],
      queryFn: () => new Promise<string[]>((resolve) => answers.push(resolve)),
    });
    const unsubscribe = requests.subscribe(() => undefined);
    try {
      signIn(provider, 'token-p');
      start();
      await vi.waitFor(() => expect(answers).toHaveLength(1));
      sockets[0]!.push('/users/provider-1/events', event({ action: 'book', actor: 'client', status: 'pending', from_status: null }));
      await vi.waitFor(() => expect(answers).toHaveLength(2));
      // The first load's answer, from before the booking, comes back after the event: it does not stay.
      answers[0]!([]);
      answers[1]!(['job-1']);
      await vi.waitFor(() => expect(requests.getCurrentResult().data).toEqual(['job-1']));
    } finally {
      unsubscribe();
    }
  });

  it('refreshes every job query when a reminder arrives too', () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    signIn(client, 'token-1');
    start();
    sockets[0]!.push('/users/client-1/events', event({ type: 'job.reminder', action: 'reminder_2h', actor: 'system', from_status: 'upcoming' }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['jobs'] });
  });

  it('hands each event to the handlers registered for its type only, with the cache and the signed-in person', () => {
    const changed = vi.fn();
    const reminded = vi.fn();
    const stops = [onLiveEvent('job.changed', changed), onLiveEvent('job.reminder', reminded)];
    signIn(provider, 'token-p');
    start();
    sockets[0]!.push('/users/provider-1/events', event({ type: 'job.reminder' }));
    expect(changed).not.toHaveBeenCalled();
    expect(reminded).toHaveBeenCalledWith(event({ type: 'job.reminder' }), { queryClient, user: provider });
    stops.forEach((stopOne) => stopOne());
    sockets[0]!.push('/users/provider-1/events', event());
    expect(changed).not.toHaveBeenCalled();
  });

  it('keeps delivering to the other handlers when one fails, and throws its error where uncaught errors are logged', () => {
    const failure = new Error('a handler broke');
    const later: (() => void)[] = [];
    const defer = vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((callback) => void later.push(callback));
    const after = vi.fn();
    const stops = [
      onLiveEvent('job.changed', () => {
        throw failure;
      }),
      onLiveEvent('job.changed', after),
    ];
    try {
      signIn(client, 'token-1');
      start();
      sockets[0]!.push('/users/client-1/events', event());
      expect(after).toHaveBeenCalled();
      expect(later).toHaveLength(1);
      expect(() => later[0]!()).toThrow(failure);
    } finally {
      defer.mockRestore();
      stops.forEach((stopOne) => stopOne());
    }
  });

  it('refreshes the job queries again after a reconnection, not on the first connection', async () => {
    signIn(client, 'token-1');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    start();
    await vi.waitFor(() => expect(useLive.getState().status).toBe('live'));
    expect(invalidate).not.toHaveBeenCalled();
    sockets[0]!.onDisconnect(true);
    expect(useLive.getState().status).toBe('reconnecting');
    sockets[0]!.onConnect();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['jobs'] });
    expect(useLive.getState().status).toBe('live');
  });

  it('runs every reconnection handler a domain registered after a reconnection', async () => {
    const refresh = vi.fn();
    const stopRefresh = onLiveReconnect(refresh);
    signIn(client, 'token-1');
    start();
    await vi.waitFor(() => expect(useLive.getState().status).toBe('live'));
    expect(refresh).not.toHaveBeenCalled();
    sockets[0]!.onDisconnect(true);
    sockets[0]!.onConnect();
    stopRefresh();
    expect(refresh).toHaveBeenCalledWith({ queryClient, user: client });
  });

  it('closes the socket when the device goes offline, and opens a new one once it is back, as a reconnection', async () => {
    const refresh = vi.fn();
    const stopRefresh = onLiveReconnect(refresh);
    signIn(client, 'token-1');
    start();
    await vi.waitFor(() => expect(useLive.getState().status).toBe('live'));
    try {
      onlineManager.setOnline(false);
      expect(sockets[0]!.disconnected).toBe(true);
      expect(useLive.getState().status).toBe('reconnecting');
      expect(refresh).not.toHaveBeenCalled();
      onlineManager.setOnline(true);
      expect(sockets).toHaveLength(2);
      await vi.waitFor(() => expect(useLive.getState().status).toBe('live'));
      expect(refresh).toHaveBeenCalledTimes(1);
    } finally {
      onlineManager.setOnline(true);
      stopRefresh();
    }
  });

  it('opens no socket while the device is offline, and an ordinary first one once it is online', async () => {
    const refresh = vi.fn();
    const stopRefresh = onLiveReconnect(refresh);
    onlineManager.setOnline(false);
    try {
      signIn(client, 'token-1');
      start();
      expect(sockets).toHaveLength(0);
      onlineManager.setOnline(true);
      expect(sockets).toHaveLength(1);
      await vi.waitFor(() => expect(useLive.getState().status).toBe('live'));
      expect(refresh).not.toHaveBeenCalled();
    } finally {
      onlineManager.setOnline(true);
      stopRefresh();
    }
  });

  it('re-authenticates the same socket with a refreshed token', () => {
    signIn(client, 'token-1');
    start();
    signIn(client, 'token-2');
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.reauths).toEqual([{ headers: { authorization: 'Bearer token-2' } }]);
  });

  it('closes on sign-out, and opens a new socket for the next person', () => {
    signIn(client, 'token-1');
    start();
    useSession.getState().signedOut(true);
    expect(sockets[0]!.disconnected).toBe(true);
    expect(useLive.getState().status).toBe('off');
    signIn(provider, 'token-p');
    expect(sockets).toHaveLength(2);
    expect([...sockets[1]!.subscriptions.keys()]).toEqual(['/users/provider-1/events']);
  });

  it('starts over with a fresh token after the server refused an expired one', async () => {
    const refresh = vi.fn(async () => ({ access_token: 'token-fresh', token_type: 'Bearer' as const, expires_in: 900, user: client }));
    setPlatform(fakePlatform({ signIn: vi.fn(), refresh, signOut: vi.fn() } as never));
    signIn(client, 'token-old');
    start();
    sockets[0]!.refuseWith = { type: 'server', statusCode: 401 };
    sockets[0]!.onError({ type: 'server', statusCode: 401 });
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    expect(refresh).toHaveBeenCalled();
    expect(sockets[0]!.disconnected).toBe(true);
    expect(sockets[1]!.connects).toEqual([{ headers: { authorization: 'Bearer token-fresh' } }]);
  });

  it('signs out, rather than knocking again with a dead token, when the server closed the socket and no session is left', async () => {
    const refresh = vi.fn(async () => null);
    setPlatform(fakePlatform({ signIn: vi.fn(), refresh, signOut: vi.fn() } as never));
    const navigate = vi.fn();
    const unregister = registerNavigator(navigate, () => '/client/home');
    signIn(client, 'token-ended');
    start();
    await vi.waitFor(() => expect(useLive.getState().status).toBe('live'));
    // The session ended elsewhere: the server closes the socket and refuses the reconnection's hello.
    sockets[0]!.onDisconnect(true);
    sockets[0]!.onError({ type: 'server', statusCode: 401 });
    await vi.waitFor(() => expect(useSession.getState().status).toBe('signed_out'));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.disconnected).toBe(true);
    expect(useLive.getState().status).toBe('off');
    expect(navigate).toHaveBeenCalledWith('/auth', { replace: true, state: { from: '/client/home' } });
    unregister();
  });

  it('comes back as a reconnection, fetching what was missed, after the server closed a live socket at its token’s expiry', async () => {
    const refresh = vi.fn(async () => ({ access_token: 'token-fresh', token_type: 'Bearer' as const, expires_in: 900, user: client }));
    setPlatform(fakePlatform({ signIn: vi.fn(), refresh, signOut: vi.fn() } as never));
    signIn(client, 'token-old');
    start();
    await vi.waitFor(() => expect(useLive.getState().status).toBe('live'));
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    sockets[0]!.onDisconnect(true);
    sockets[0]!.onError({ type: 'server', statusCode: 401 });
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    expect(sockets[1]!.connects).toEqual([{ headers: { authorization: 'Bearer token-fresh' } }]);
    await vi.waitFor(() => expect(useLive.getState().status).toBe('live'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['jobs'] });
  });

  it("shows a provider a native notification for a new request, and no one else's kind of event", () => {
    signIn(provider, 'token-p');
    start();
    const platform = fakePlatform();
    setPlatform(platform);
    sockets[0]!.push('/users/provider-1/events', event({ action: 'accept' }));
    expect(platform.notify).not.toHaveBeenCalled();
    sockets[0]!.push('/users/provider-1/events', event({ job_id: 'job-9', action: 'book', status: 'pending', actor: 'client' }));
    expect(platform.notify).toHaveBeenCalledWith({ kind: 'request', title: 'Nueva solicitud de trabajo', body: expect.any(String), path: '/provider/jobs/job-9' });
  });

  it("uses the platform's api origin for the socket, or the page's", () => {
    setPlatform({ ...fakePlatform(), apiOrigin: 'https://api.resuelve.pr' });
    expect(liveSocketUrl()).toBe('wss://api.resuelve.pr/api/v1/live');
    setPlatform(fakePlatform());
    expect(liveSocketUrl()).toBe(`${window.location.origin.replace(/^http/, 'ws')}/api/v1/live`);
  });
});
