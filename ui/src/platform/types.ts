import type { SignInResponse } from '@resuelve/contract';

export interface SignInCredentials {
  email: string;
  password: string;
}

/**
 * How a session's refresh credential is kept. The web keeps it in an httpOnly cookie the server
 * sets; the desktop keeps it in the main process (Electron safeStorage), never in the renderer.
 * Every method answers the access token and profile only.
 */
export interface SessionTransport {
  signIn(credentials: SignInCredentials): Promise<SignInResponse>;
  /** A fresh access token from the kept refresh credential, or null when there is none (signed out). */
  refresh(): Promise<SignInResponse | null>;
  signOut(accessToken: string | null): Promise<void>;
}

export interface NativeNotification {
  title: string;
  body: string;
  /** App path to open when the notification is clicked, e.g. `/provider/calendar`. */
  path?: string;
  /** What it is about: the desktop groups many of a kind into one and leads to their list. */
  kind?: 'request' | 'request_changed' | 'message' | 'reminder' | 'other';
}

/** What waits for the provider, for the desktop's tray and dock badge. */
export interface WaitingCounts {
  pendingRequests: number;
  unreadMessages: number;
}

/** What the shared ui needs from where it runs (web browser or Electron console). */
export interface Platform {
  kind: 'web' | 'desktop';
  /** Origin of the api, '' for same origin (web). */
  apiOrigin: string;
  /** How requests reach the api, when not the global fetch (the server render asks the api in-process). */
  fetch?: typeof fetch;
  session: SessionTransport;
  notify(notification: NativeNotification): void;
  openExternal(url: string): void;
  /** The desktop's tray and dock badge (absent on the web). */
  setBadge?(counts: WaitingCounts): void;
  /** The desktop asks before its window closes while this is true (absent on the web: beforeunload). */
  setUnsaved?(unsaved: boolean): void;
  /** Where the desktop keeps the provider's jobs for outages (`#/offline`); the offline banner leads there. */
  offlineWorkHref?: string;
}
