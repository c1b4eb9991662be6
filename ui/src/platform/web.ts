import { sessionMarkerCookieName } from '@resuelve/contract';
import type { SignInResponse } from '@resuelve/contract';
import { apiFetch, statusOf } from '../lib/api-client.ts';
import { navigateTo } from '../lib/navigation.ts';
import type { Platform, SessionTransport } from './types.ts';

/**
 * The page cannot see the httpOnly refresh cookie, but the server sets a readable marker beside it
 * and clears both together: without the marker there is no session to refresh, and asking would
 * only log a 401 on every visitor's page load.
 */
export function hasSessionMarker(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie.split(';').some((pair) => {
    const [name, value] = pair.trim().split('=');
    return name === sessionMarkerCookieName && Boolean(value);
  });
}

/**
 * The browser keeps the refresh token in the httpOnly `rs_refresh` cookie the server sets
 * (DESIGN.md §4); fetch sends it on same-origin calls, so nothing here ever reads it.
 */
async function refreshOnce(): Promise<SignInResponse | null> {
  if (!hasSessionMarker()) return null;
  try {
    return await apiFetch<SignInResponse>('/auth/refresh', { method: 'POST', auth: false, body: {} });
  } catch (error) {
    // No cookie, or an expired or revoked one: simply signed out.
    if (statusOf(error) === 401) return null;
    throw error;
  }
}

/**
 * Refresh tokens rotate on every use and a reused one revokes the whole session (DESIGN.md §4),
 * so two tabs must not refresh at the same moment: a Web Lock makes the second wait, and it then
 * sends the cookie the first one already rotated.
 */
function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('resuelve:session-refresh', task) as Promise<T>) : task();
}

export const webSessionTransport: SessionTransport = {
  signIn: (credentials) =>
    apiFetch<SignInResponse>('/auth/signin', { method: 'POST', auth: false, body: { ...credentials, client: 'web' } }),

  refresh: () => oneTabAtATime(refreshOnce),

  async signOut(accessToken) {
    await apiFetch<void>('/auth/signout', {
      method: 'POST',
      auth: false,
      body: {},
      headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
    });
  },
};

export function createWebPlatform(options: { apiOrigin?: string } = {}): Platform {
  return {
    kind: 'web',
    apiOrigin: options.apiOrigin ?? '',
    session: webSessionTransport,
    notify({ title, body, path }) {
      // Only when the person already allowed notifications; asking belongs to a settings screen.
      if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
      const shown = new Notification(title, { body });
      shown.onclick = () => {
        window.focus();
        if (path) navigateTo(path);
        shown.close();
      };
    },
    openExternal(url) {
      window.open(url, '_blank', 'noopener,noreferrer');
    },
  };
}
