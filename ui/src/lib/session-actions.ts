import type { SignInResponse } from '@resuelve/contract';
import { getPlatform } from '../platform/index.ts';
import type { SignInCredentials } from '../platform/index.ts';
import { useSession } from './session-store.ts';
import { getActiveQueryClient } from './query-registry.ts';
import { currentPath, isAuthPath, navigateTo } from './navigation.ts';
import type { RedirectState } from './navigation.ts';
import { isApiError, statusOf } from './api-error.ts';

/**
 * The cache key of the signed-in person's profile. The session seeds that answer at sign-in and at
 * every refresh, before any screen asks, and shared code may not import entities, so this one key
 * lives here; entities/profile builds its query on it.
 */
// eslint-disable-next-line no-restricted-syntax -- the one key the session owns (see above)
export const profileQueryKey = ['profiles', 'me'] as const;

function seedProfile(res: SignInResponse): void {
  getActiveQueryClient()?.setQueryData(profileQueryKey, res.user);
}

/** Sign in through the platform (cookie on the web, safeStorage on the desktop) and keep the session. */
export async function signIn(credentials: SignInCredentials): Promise<SignInResponse> {
  const res = await getPlatform().session.signIn(credentials);
  acceptSignIn(res);
  return res;
}

/** Keep a session the server just gave (sign-in or refresh). */
export function acceptSignIn(res: SignInResponse): void {
  seedProfile(res);
  useSession.getState().signedIn(res);
}

let refreshing: Promise<boolean> | null = null;

/**
 * One refresh at a time: refresh tokens rotate on every use and a reused one revokes the whole
 * family, so parallel 401s (or React's double effects) must share a single refresh call.
 * Resolves true when a new access token is kept, false when there is no session (also when the
 * account was suspended: the sign-in page then says why); throws when the server could not answer.
 */
export function refreshSession(): Promise<boolean> {
  if (!refreshing) {
    refreshing = getPlatform()
      .session.refresh()
      .then((res) => {
        if (!res) return false;
        acceptSignIn(res);
        return true;
      })
      .catch((error: unknown) => {
        if (!isApiError(error) || error.code !== 'account_suspended') throw error;
        useSession.getState().sessionEnded('suspended');
        return false;
      })
      .finally(() => {
        refreshing = null;
      });
  }
  return refreshing;
}

/** Start-up: find out whether a session exists. A server that cannot answer is remembered, not taken as signed out. */
export async function restoreSession(): Promise<void> {
  try {
    const ok = await refreshSession();
    if (!ok) useSession.getState().signedOut();
  } catch (error) {
    if (statusOf(error) === 401) useSession.getState().signedOut();
    else useSession.getState().restoreFailedWith();
  }
}

/** Forget the session locally: profile and every cached answer (SPEC.md §4 "signed out"). */
export function clearSession(byUser = false): void {
  useSession.getState().signedOut(byUser);
  getActiveQueryClient()?.clear();
}

/** The backend refused the session (final 401): clear it and send the person to /auth, remembering where they were. */
export function endExpiredSession(): void {
  clearSession();
  const here = currentPath();
  if (!isAuthPath(here)) {
    const state: RedirectState = { from: here };
    navigateTo('/auth', { replace: true, state });
  }
}

/** Sign out on the server (best effort) and locally, then go to the landing page. */
export async function signOut(): Promise<void> {
  const token = useSession.getState().accessToken;
  try {
    await getPlatform().session.signOut(token);
  } catch {
    // Signing out locally matters more than telling the server; its refresh token expires anyway.
  }
  clearSession(true);
  navigateTo('/', { replace: true });
}
