/**
 * Whether the app can reach the api: the device's network (the browser's `online`/`offline`) and
 * the api itself (a request that got no answer while the device says it is online: the island's
 * outages often cut the line beyond the router, or the api is down). Both drive the query client's
 * onlineManager, so queries, the message outbox and the pending actions pause and resume together.
 * While the api is unreachable, its health address is asked every few seconds until it answers.
 */
import { useSyncExternalStore } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { create } from 'zustand';
import { getPlatform, hasPlatform } from '../platform/index.ts';

export type ConnectionState = 'online' | 'offline' | 'unreachable';

interface ReachState {
  browserOnline: boolean;
  apiUnreachable: boolean;
}

export const useReach = create<ReachState>()(() => ({
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine !== false,
  apiUnreachable: false,
}));

/** What the probe needs from outside; tests replace it. */
export const reachSettings = {
  probeEveryMs: 5_000,
  probe: async (): Promise<boolean> => {
    try {
      const response = await fetch(`${hasPlatform() ? getPlatform().apiOrigin : ''}/api/v1/health`, { cache: 'no-store' });
      // Any answer, even a 503 (database down), means the api is there.
      return response.status > 0;
    } catch {
      return false;
    }
  },
};

let probeTimer: ReturnType<typeof setTimeout> | undefined;
let following = false;
let confirming = false;

function apply(): void {
  const { browserOnline, apiUnreachable } = useReach.getState();
  onlineManager.setOnline(browserOnline && !apiUnreachable);
}

function scheduleProbe(): void {
  clearTimeout(probeTimer);
  probeTimer = setTimeout(() => {
    void reachSettings.probe().then((answered) => {
      if (!useReach.getState().apiUnreachable) return;
      if (answered) noteApiAnswered();
      else scheduleProbe();
    });
  }, reachSettings.probeEveryMs);
}

/**
 * A request got no answer. Only counts while following (the app runs) and the device is online, and
 * once the health address does not answer either (one lost request is not an outage).
 */
export function noteApiUnreachable(): void {
  if (!following || confirming || !useReach.getState().browserOnline || useReach.getState().apiUnreachable) return;
  confirming = true;
  void reachSettings.probe().then((answered) => {
    confirming = false;
    if (answered || !following || !useReach.getState().browserOnline) return;
    useReach.setState({ apiUnreachable: true });
    apply();
    scheduleProbe();
  });
}

/** The api answered (any status): it is reachable. */
export function noteApiAnswered(): void {
  if (!useReach.getState().apiUnreachable) return;
  clearTimeout(probeTimer);
  useReach.setState({ apiUnreachable: false });
  apply();
}

/**
 * Follows the device's network and takes over the onlineManager's own listener (which would set it
 * online on the `online` event even while the api stays unreachable). Returns the stop function.
 */
export function followReach(): () => void {
  following = true;
  const set = (browserOnline: boolean) => {
    // The network came back: try the api again at once rather than wait for the probe.
    useReach.setState(browserOnline ? { browserOnline, apiUnreachable: false } : { browserOnline });
    if (browserOnline) clearTimeout(probeTimer);
    apply();
  };
  const onOnline = () => set(true);
  const onOffline = () => set(false);
  onlineManager.setEventListener(() => {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  });
  set(navigator.onLine !== false);
  return () => {
    following = false;
    clearTimeout(probeTimer);
    useReach.setState({ apiUnreachable: false });
    // The query client's own way again: the window's events alone.
    onlineManager.setEventListener((setOnline) => {
      const up = () => setOnline(true);
      const down = () => setOnline(false);
      window.addEventListener('online', up);
      window.addEventListener('offline', down);
      return () => {
        window.removeEventListener('online', up);
        window.removeEventListener('offline', down);
      };
    });
  };
}

function stateOf(s: ReachState): ConnectionState {
  if (!s.browserOnline) return 'offline';
  return s.apiUnreachable ? 'unreachable' : 'online';
}

export function connectionState(): ConnectionState {
  return stateOf(useReach.getState());
}

/** `online`, `offline` (no network) or `unreachable` (a network, but no answer from Resuelve). */
export function useConnectionState(): ConnectionState {
  return useSyncExternalStore(
    (notify) => useReach.subscribe(notify),
    () => stateOf(useReach.getState()),
    () => 'online',
  );
}

/** Messages browsers give when a screen's code (a lazy chunk) could not be fetched. */
const chunkFailure = /dynamically imported module|module script failed|Importing a module script|Loading chunk|Loading CSS chunk|Unable to preload CSS|Failed to fetch/i;

/** True when an error comes from the connection (no answer, a screen's code not fetched), not from a bug. */
export function isNetworkFailure(error: unknown): boolean {
  if (error && typeof error === 'object' && 'status' in error && 'code' in error) {
    return (error as { status: unknown }).status === 0 && (error as { code: unknown }).code === 'network_error';
  }
  if (error instanceof Error && chunkFailure.test(error.message)) return true;
  return error instanceof Error && connectionState() !== 'online';
}
