/**
 * Live updates: one WebSocket (@hapi/nes) per signed-in person, to the api's origin, signed in
 * with the current access token and subscribed to their own events (`userEventsPath`), so that
 * what the other side does shows at once. This file only keeps the socket: each domain registers
 * what it does with the events of its types (`onLiveEvent`: refresh its queries, show a desktop
 * notification) and what it refreshes after a reconnection (`onLiveReconnect`), so that nothing
 * missed while offline stays stale. A new token (refresh) re-authenticates the socket; signing
 * out closes it, and so does the device going offline (a new socket opens once it is back).
 */
import { Client } from '@hapi/nes/lib/client';
import { useEffect } from 'react';
import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { userEventsPath, type LiveEvent, type LiveEventOf, type LiveEventType } from '@resuelve/contract';
import { getPlatform, hasPlatform } from '../platform/index.ts';
import { endExpiredSession, refreshSession } from './session-actions.ts';
import { useSession, type SessionState } from './session-store.ts';

export type LiveStatus = 'off' | 'connecting' | 'live' | 'reconnecting';

export interface LiveState {
  status: LiveStatus;
  /** The last event that arrived (screens may show it, e.g. as a toast). */
  lastEvent: LiveEvent | null;
}

export const useLive = create<LiveState>()(() => ({ status: 'off', lastEvent: null }));

/** What a handler may act on: the app's query cache and who the socket belongs to. */
export interface LiveContext {
  queryClient: QueryClient;
  user: NonNullable<SessionState['user']>;
}

export type LiveHandler<K extends LiveEventType> = (event: LiveEventOf<K>, live: LiveContext) => void;

const eventHandlers = new Set<{ type: LiveEventType; handler: LiveHandler<LiveEventType> }>();
const reconnectHandlers = new Set<{ handler: (live: LiveContext) => void }>();

/** Runs `handler` on each live event of this type; returns the function that stops it. */
export function onLiveEvent<K extends LiveEventType>(type: K, handler: LiveHandler<K>): () => void {
  // Called only with events of its own type (see `deliver`).
  const entry = { type, handler: handler as unknown as LiveHandler<LiveEventType> };
  eventHandlers.add(entry);
  return () => void eventHandlers.delete(entry);
}

/** Runs `handler` after each reconnection (events may have been missed meanwhile); returns the function that stops it. */
export function onLiveReconnect(handler: (live: LiveContext) => void): () => void {
  const entry = { handler };
  reconnectHandlers.add(entry);
  return () => void reconnectHandlers.delete(entry);
}

/**
 * Each handler on its own: one that fails does not keep the event from the others, and its error
 * is thrown again outside the loop, where the client logger records uncaught errors.
 */
function each<T>(entries: Iterable<T>, run: (entry: T) => void): void {
  for (const entry of entries) {
    try {
      run(entry);
    } catch (error) {
      queueMicrotask(() => {
        throw error;
      });
    }
  }
}

function deliver(event: LiveEvent, live: LiveContext): void {
  each(eventHandlers, ({ type, handler }) => {
    if (type === event.type) handler(event, live);
  });
}

/** The part of the nes client this module uses (tests pass a fake). */
export type LiveClient = Pick<Client, 'connect' | 'disconnect' | 'subscribe' | 'reauthenticate' | 'overrideReconnectionAuth'> & {
  onConnect: () => void;
  onDisconnect: (willReconnect: boolean) => void;
  onError: (error: { type?: string; statusCode?: number }) => void;
};

export interface LiveOptions {
  createClient?: (url: string) => LiveClient;
  /** Socket origin; defaults to the platform's api origin, or this page's. */
  url?: string;
  /** First wait before starting over after the server refused the socket; doubles up to 30 s. */
  retryMs?: number;
}

/**
 * ws(s):// of the api: the desktop's configured origin, or the page's own on the web. The server
 * takes the socket on any path; one under /api/v1 passes the proxies that route the api (Vite's too).
 */
export function liveSocketUrl(): string {
  const origin = (hasPlatform() && getPlatform().apiOrigin) || window.location.origin;
  return `${origin.replace(/^http/, 'ws')}/api/v1/live`;
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** Follows the session store: connects, re-authenticates and closes with it. Returns the stop function. */
export function startLive(queryClient: QueryClient, options: LiveOptions = {}): () => void {
  const createClient = options.createClient ?? ((url: string) => new Client(url as `ws://${string}`) as unknown as LiveClient);
  const firstRetry = options.retryMs ?? 1000;
  let client: LiveClient | null = null;
  let userId: string | null = null;
  let token: string | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let retryDelay = firstRetry;
  /** The next socket replaces one cut while the device was offline: its first connection is a reconnection. */
  let resuming = false;
  /** Sockets that were live once: one that is replaced after a refusal comes back as a reconnection. */
  const wasConnected = new WeakSet<LiveClient>();

  function close(): void {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const old = client;
    client = null;
    userId = null;
    token = null;
    void old?.disconnect().catch(() => undefined);
    useLive.setState({ status: 'off' });
  }

  function open(user: LiveContext['user'], accessToken: string): void {
    const socket = createClient(options.url ?? liveSocketUrl());
    const live: LiveContext = { queryClient, user };
    client = socket;
    userId = user.id;
    token = accessToken;
    let connectedBefore = resuming;
    resuming = false;
    socket.onConnect = () => {
      if (client !== socket) return;
      wasConnected.add(socket);
      retryDelay = firstRetry;
      useLive.setState({ status: 'live' });
      if (connectedBefore) each(reconnectHandlers, ({ handler }) => handler(live)); // what changed while the socket was away
      connectedBefore = true;
    };
    socket.onDisconnect = (willReconnect) => {
      if (client === socket) useLive.setState({ status: willReconnect ? 'reconnecting' : 'off' });
    };
    socket.onError = (error) => refused(socket, error);
    useLive.setState({ status: 'connecting' });
    // Subscribed before connecting: nes sends it with the hello, and again after each reconnection.
    void socket.subscribe(userEventsPath(user.id), (message) => {
      if (client !== socket) return;
      // The api publishes only the contract's events on this path (api/src/plugins/realtime.ts).
      const event = message as LiveEvent;
      useLive.setState({ lastEvent: event });
      deliver(event, live);
    });
    socket.connect({ auth: bearer(accessToken), delay: 1000, maxDelay: 15_000 }).catch((error: { type?: string; statusCode?: number }) => refused(socket, error));
  }

  /**
   * nes stops trying after the server refused the hello: the token expired, or its session ended
   * (the server also closes a socket whose session ended: sign-out elsewhere, a password reset, a
   * suspension). Start over with a fresh token; when a refresh finds no session, the session is
   * over here too: sign out rather than knock again with a dead token. A socket that had been
   * connected comes back as a reconnection, so what was missed meanwhile is fetched again.
   */
  function refused(socket: LiveClient, error: { type?: string; statusCode?: number }): void {
    if (client !== socket || error.type !== 'server' || retryTimer) return;
    useLive.setState({ status: 'reconnecting' });
    const wait = retryDelay;
    retryDelay = Math.min(retryDelay * 2, 30_000);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      const renewed: Promise<boolean | 'unknown'> = error.statusCode === 401 ? refreshSession().catch(() => 'unknown' as const) : Promise.resolve(true);
      void renewed.then((outcome) => {
        if (client !== socket) return; // the session moved on meanwhile (new token, signed out)
        if (outcome === false) {
          endExpiredSession(); // signs out, which closes this socket (follow)
          return;
        }
        const state = useSession.getState();
        client = null;
        void socket.disconnect().catch(() => undefined);
        resuming = resuming || wasConnected.has(socket);
        follow(state);
      });
    }, wait);
  }

  /**
   * The device lost its connection: the socket goes too, even where the browser would keep it open
   * (a socket kept through an outage may have missed events without knowing). Once the connection
   * is back a new one opens, and what changed meanwhile is fetched as after any reconnection.
   */
  function suspend(): void {
    if (!client && !retryTimer) return;
    close();
    resuming = true;
    useLive.setState({ status: 'reconnecting' });
  }

  function follow(state: Pick<SessionState, 'status' | 'accessToken' | 'user'>): void {
    const signedIn = state.status === 'signed_in' && state.accessToken && state.user;
    if (!signedIn) {
      if (client || retryTimer) close();
      resuming = false;
      return;
    }
    if (!onlineManager.isOnline()) {
      suspend();
      return;
    }
    const { user, accessToken } = state as { user: NonNullable<SessionState['user']>; accessToken: string };
    if (client && userId === user.id) {
      if (token !== accessToken) {
        token = accessToken;
        // Also the credential of its next reconnection; refused when not connected right now.
        void client.reauthenticate(bearer(accessToken)).catch(() => undefined);
      }
      return;
    }
    if (client) close();
    open(user, accessToken);
  }

  follow(useSession.getState());
  const unsubscribe = useSession.subscribe((state) => follow(state));
  const unsubscribeOnline = onlineManager.subscribe(() => follow(useSession.getState()));
  return () => {
    unsubscribe();
    unsubscribeOnline();
    close();
  };
}

/** Off in the ui's unit tests (ui/test/setup.ts), where no api listens; live.test.ts turns it on. */
export const liveSettings = { enabled: true };

/** Mounted once, in the root layout: live updates for whoever is signed in. */
export function useLiveUpdates(options?: LiveOptions): void {
  const queryClient = useQueryClient();
  useEffect(() => (liveSettings.enabled ? startLive(queryClient, options) : undefined), [queryClient, options]);
}
