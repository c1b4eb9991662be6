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
}

/** What the shared ui needs from where it runs (web browser or Electron console). */
export interface Platform {
  kind: 'web' | 'desktop';
  /** Origin of the api, '' for same origin (web). */
  apiOrigin: string;
  session: SessionTransport;
  notify(notification: NativeNotification): void;
  openExternal(url: string): void;
}
