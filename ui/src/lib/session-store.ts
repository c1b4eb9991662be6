import { create } from 'zustand';
import type { Profile, SignInResponse } from '@resuelve/contract';
import { serverPageStateId } from './server-page-id.ts';

export type SessionStatus = 'loading' | 'signed_in' | 'signed_out';

/** Why the server ended the session, when the person should be told (the sign-in page says it). */
export type SessionEndReason = 'suspended';

export interface SessionState {
  status: SessionStatus;
  /** Kept in memory only (DESIGN.md §4); the refresh credential lives with the platform. */
  accessToken: string | null;
  user: Profile | null;
  /** True when restoring the session at start-up failed for a reason other than "no session" (server down). */
  restoreFailed: boolean;
  /** The person signed out on purpose: guards send them to the landing page, not to /auth. */
  signedOutByUser: boolean;
  /** The server ended the session for a reason worth saying; forgotten at the next sign-in. */
  endedBecause: SessionEndReason | null;
  signedIn(res: SignInResponse): void;
  signedOut(byUser?: boolean): void;
  /** Replace the cached profile after the server answered a newer one (e.g. PATCH /profiles/me). */
  profileUpdated(user: Profile): void;
  restoreFailedWith(): void;
  sessionEnded(reason: SessionEndReason): void;
}

/**
 * Where the session starts. A page the server rendered (docs/decisions/0034) was rendered signed
 * out, and so is the server's own render (no document): React reads a store's first state both
 * there and while hydrating, so that first state must say the same. Elsewhere: not known yet.
 */
function startingStatus(): SessionStatus {
  if (typeof document === 'undefined') return 'signed_out';
  return document.getElementById(serverPageStateId) ? 'signed_out' : 'loading';
}

export const useSession = create<SessionState>()((set) => ({
  status: startingStatus(),
  accessToken: null,
  user: null,
  restoreFailed: false,
  signedOutByUser: false,
  endedBecause: null,
  signedIn: (res) =>
    set({ status: 'signed_in', accessToken: res.access_token, user: res.user, restoreFailed: false, signedOutByUser: false, endedBecause: null }),
  signedOut: (byUser = false) => set({ status: 'signed_out', accessToken: null, user: null, signedOutByUser: byUser }),
  profileUpdated: (user) => set({ user }),
  restoreFailedWith: () => set({ status: 'signed_out', accessToken: null, user: null, restoreFailed: true }),
  sessionEnded: (reason) => set({ endedBecause: reason }),
}));
