import { afterEach, beforeEach } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { LiveEvent, Profile } from '@resuelve/contract';
import { startLive, type LiveClient } from '../src/lib/live.ts';
import { useSession } from '../src/lib/session-store.ts';

type Handler = (message: unknown) => void;

/** Stands in for the nes client: records what live.ts asks of it; the test plays the server. */
export class FakeSocket {
  url: string;
  subscriptions = new Map<string, Handler>();
  connects: unknown[] = [];
  reauths: unknown[] = [];
  disconnected = false;
  onConnect = () => undefined;
  onDisconnect: (willReconnect: boolean) => void = () => undefined;
  onError: (error: { type?: string; statusCode?: number }) => void = () => undefined;
  refuseWith: { type: string; statusCode: number } | null = null;

  constructor(url: string) {
    this.url = url;
  }
  async connect(options: { auth?: unknown }) {
    this.connects.push(options.auth);
    if (this.refuseWith) throw this.refuseWith;
    this.onConnect();
  }
  async disconnect() {
    this.disconnected = true;
  }
  async subscribe(path: string, handler: Handler) {
    this.subscriptions.set(path, handler);
  }
  async reauthenticate(auth: unknown) {
    this.reauths.push(auth);
    return true;
  }
  overrideReconnectionAuth() {
    return true;
  }
  /** The server publishes to a path this socket subscribed to. */
  push(path: string, message: LiveEvent) {
    this.subscriptions.get(path)?.(message);
  }
}

/** The live connection over a FakeSocket, as a page opens it: `socket()` is the one it opened, `stop` closes it. */
export function startFakeLive(queryClient: QueryClient): { stop: () => void; socket: () => FakeSocket } {
  let socket: FakeSocket | null = null;
  const stop = startLive(queryClient, {
    url: 'ws://api.test/api/v1/live',
    createClient: (url) => {
      socket = new FakeSocket(url);
      return socket as unknown as LiveClient;
    },
  });
  return {
    stop,
    socket: () => {
      if (!socket) throw new Error('no live socket opened');
      return socket;
    },
  };
}

/**
 * A signed-in person's live events in a test file, each test afresh: `person` signed in, the
 * domain's handlers (`follow`) registered, the live connection open over a FakeSocket; all undone
 * after each test. Read `queryClient` and `socket()` inside a test.
 */
export function liveEventsOf(person: Profile, follow: () => () => void): { readonly queryClient: QueryClient; socket: () => FakeSocket } {
  let queryClient!: QueryClient;
  let live!: ReturnType<typeof startFakeLive>;
  let stops: (() => void)[] = [];
  beforeEach(() => {
    queryClient = new QueryClient();
    useSession.setState({ status: 'signed_in', accessToken: `token-${person.id}`, user: person, restoreFailed: false, signedOutByUser: false });
    live = startFakeLive(queryClient);
    stops = [follow(), live.stop];
  });
  afterEach(() => {
    for (const stop of stops) stop();
    useSession.setState({ status: 'signed_out', accessToken: null, user: null, restoreFailed: false, signedOutByUser: false });
  });
  return {
    get queryClient() {
      return queryClient;
    },
    socket: () => live.socket(),
  };
}
