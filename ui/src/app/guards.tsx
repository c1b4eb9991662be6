import { lazy, useEffect } from 'react';
import type { ComponentType } from 'react';
import { Navigate, Outlet, useLocation, useMatch } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@resuelve/contract';
import { ServiceUnavailable } from '../features/system/service-unavailable.tsx';
import { LoadingScreen } from '../components/loading-screen.tsx';
import { useSession } from '../lib/session-store.ts';
import { restoreSession } from '../lib/session-actions.ts';
import { useProfile } from '../entities/profile/use-profile.ts';
import type { RedirectState } from '../lib/navigation.ts';
import { homePathFor } from './nav-model.ts';

let loadedLanding: ComponentType | null = null;

/** The landing page's code, kept once loaded (a server-rendered landing loads it before hydrating). */
export function loadLandingPage(): Promise<ComponentType> {
  return import('../features/landing/landing-page.tsx').then((m) => (loadedLanding = m.LandingPage));
}

const LazyLandingPage = lazy(() => loadLandingPage().then((component) => ({ default: component })));

/** Drawn at once when its code is there: hydration must not wait on it (it would show a loading screen). */
function LandingPage() {
  const Loaded = loadedLanding;
  return Loaded ? <Loaded /> : <LazyLandingPage />;
}

export function VerifyingAuth() {
  const { t } = useTranslation('common');
  return <LoadingScreen message={t('verifying_auth')} fullPage />;
}

function retryRestore(): void {
  useSession.setState({ status: 'loading', restoreFailed: false });
  void restoreSession();
}

type Resolved =
  | { kind: 'wait' }
  | { kind: 'signed_out' }
  | { kind: 'unavailable'; retry: () => void }
  | { kind: 'ready'; profile: Profile };

/** Where the session and the profile stand, for every guard. */
function useResolvedProfile(): Resolved {
  const status = useSession((s) => s.status);
  const restoreFailed = useSession((s) => s.restoreFailed);
  const profile = useProfile();
  if (status === 'loading') return { kind: 'wait' };
  if (status === 'signed_out') return restoreFailed ? { kind: 'unavailable', retry: retryRestore } : { kind: 'signed_out' };
  if (profile.data) return { kind: 'ready', profile: profile.data };
  if (profile.isError) return { kind: 'unavailable', retry: () => void profile.refetch() };
  return { kind: 'wait' };
}

function SignInFirst() {
  const location = useLocation();
  // Signing out on a guarded screen leads to the landing page, like the sign-out action itself.
  const byUser = useSession((s) => s.signedOutByUser);
  if (byUser) return <Navigate to="/" replace />;
  const state: RedirectState = { from: location.pathname + location.search + location.hash };
  return <Navigate to="/auth" replace state={state} />;
}

export type AccountAccess = 'any' | 'client' | 'provider';

/**
 * Signed-in screens (SPEC.md §2): verifying message while loading, /auth (remembering the origin)
 * when signed out, the unavailable screen when the profile fails, /onboarding until onboarded,
 * and a person of the other type sent to their own home.
 */
export function RequireAccount({ access = 'any' }: { access?: AccountAccess }) {
  const resolved = useResolvedProfile();
  if (resolved.kind === 'wait') return <VerifyingAuth />;
  if (resolved.kind === 'signed_out') return <SignInFirst />;
  if (resolved.kind === 'unavailable') return <ServiceUnavailable onRetry={resolved.retry} />;
  const { profile } = resolved;
  if (!profile.is_onboarded) return <Navigate to="/onboarding" replace />;
  if (access === 'provider' && !profile.is_contractor) return <Navigate to={homePathFor(profile)} replace />;
  if (access === 'client' && profile.is_contractor) return <Navigate to={homePathFor(profile)} replace />;
  return <Outlet />;
}

/**
 * /admin: admins only, onboarded or not (an admin is made by `npm run admin`, not by onboarding).
 * Anybody else gets the usual wrong-role redirect: their own home, or onboarding first.
 */
export function RequireAdmin() {
  const resolved = useResolvedProfile();
  if (resolved.kind === 'wait') return <VerifyingAuth />;
  if (resolved.kind === 'signed_out') return <SignInFirst />;
  if (resolved.kind === 'unavailable') return <ServiceUnavailable onRetry={resolved.retry} />;
  const { profile } = resolved;
  if (profile.is_admin) return <Outlet />;
  return <Navigate to={profile.is_onboarded ? homePathFor(profile) : '/onboarding'} replace />;
}

/** /onboarding: signed in and not yet onboarded; an onboarded person goes home. */
export function RequireNotOnboarded() {
  const resolved = useResolvedProfile();
  if (resolved.kind === 'wait') return <VerifyingAuth />;
  if (resolved.kind === 'signed_out') return <SignInFirst />;
  if (resolved.kind === 'unavailable') return <ServiceUnavailable onRetry={resolved.retry} />;
  if (resolved.profile.is_onboarded) return <Navigate to={homePathFor(resolved.profile)} replace />;
  return <Outlet />;
}

/** "/": landing when signed out, onboarding until onboarded, else home by type. */
export function HomeRoute() {
  const resolved = useResolvedProfile();
  const status = useSession((s) => s.status);
  const signedOutByUser = useSession((s) => s.signedOutByUser);
  useEffect(() => {
    // Arrived at the landing after signing out: from now on guarded screens ask to sign in again.
    if (signedOutByUser) useSession.setState({ signedOutByUser: false });
  }, [signedOutByUser]);
  if (resolved.kind === 'wait') return <VerifyingAuth />;
  // Visitors see the landing even when the server is down: it needs no data.
  if (status === 'signed_out') return <LandingPage />;
  if (resolved.kind === 'unavailable') return <ServiceUnavailable onRetry={resolved.retry} />;
  if (resolved.kind !== 'ready') return <VerifyingAuth />;
  if (resolved.profile.is_admin) return <Navigate to="/admin" replace />;
  if (!resolved.profile.is_onboarded) return <Navigate to="/onboarding" replace />;
  return <Navigate to={homePathFor(resolved.profile)} replace />;
}

/**
 * /providers and /providers/{id} are public, but a signed-in provider goes to /provider/home
 * (SPEC.md §6), except on their own profile page, which the user menu links to (SPEC.md §2).
 */
export function NotForProviders() {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const fetched = useProfile().data;
  const spanish = useMatch('/providers/:id');
  const english = useMatch('/en/providers/:id');
  const match = spanish ?? english;
  if (status === 'loading') return <VerifyingAuth />;
  const me = fetched ?? user;
  if (status === 'signed_in' && !me) return <VerifyingAuth />;
  if (status === 'signed_in' && me?.is_contractor && match?.params.id !== me.id) {
    return <Navigate to="/provider/home" replace />;
  }
  return <Outlet />;
}

/** /login, /signup and /register lead to /auth, keeping any remembered origin; sign-up opens its tab. */
export function ToAuth({ signUp = false }: { signUp?: boolean }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  if (signUp) params.set('mode', 'signup');
  const search = params.toString();
  return <Navigate to={`/auth${search ? `?${search}` : ''}`} replace state={location.state} />;
}
