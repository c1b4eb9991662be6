/**
 * Navigation from outside React (the api client on a final 401, notifications). The app registers
 * its router's navigate function; the auth screens read `location.state.from` to go back.
 */
export interface RedirectState {
  /** Path with search and hash the person wanted before being sent to /auth, e.g. `/client/history?page=2`. */
  from: string;
}

type Navigate = (path: string, options?: { replace?: boolean; state?: unknown }) => void;

let navigateImpl: Navigate | null = null;
let currentPathImpl: () => string = () =>
  typeof window === 'undefined' ? '/' : window.location.pathname + window.location.search + window.location.hash;

export function registerNavigator(navigate: Navigate, currentPath: () => string): () => void {
  navigateImpl = navigate;
  currentPathImpl = currentPath;
  return () => {
    if (navigateImpl === navigate) navigateImpl = null;
  };
}

/** Whether the app's router is there to navigate (not in a screen rendered alone by a test). */
export function hasNavigator(): boolean {
  return navigateImpl !== null;
}

export function currentPath(): string {
  return currentPathImpl();
}

export function navigateTo(path: string, options?: { replace?: boolean; state?: unknown }): void {
  if (navigateImpl) navigateImpl(path, options);
  else if (typeof window !== 'undefined') window.location.assign(path);
}

const authPaths = ['/auth', '/auth/reset-password', '/verify-email', '/login', '/signup', '/register'];

export function isAuthPath(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return authPaths.includes(pathname.replace(/\/+$/, '') || '/');
}

/** The path an auth screen should return to after sign-in, from `location.state` (never an auth page or another site). */
export function returnPathFrom(state: unknown, fallback = '/'): string {
  const from = (state as Partial<RedirectState> | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || isAuthPath(from)) return fallback;
  return from;
}
