import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { ProgressBar } from '../../components/progress-bar.tsx';
import { useSession } from '../../lib/session-store.ts';
import { useMe } from '../../entities/profile/use-profile.ts';
import { chromeFor } from '../nav-model.ts';
import { ConnectionBanner } from '../offline/connection-banner.tsx';
import { PendingMarker, usePendingWork } from '../pending-work.ts';
import { BottomBar } from './bottom-bar.tsx';
import { DesktopBadge } from './desktop-badge.tsx';
import { MemberTopBar } from './member-top-bar.tsx';
import { VisitorHeader } from './visitor-header.tsx';
import { LanguageFollower } from './language-follower.tsx';
import { HydrationMark } from '../../lib/use-hydrated.ts';

const SignedInServices = lazy(() => import('./signed-in-services.tsx').then((module) => ({ default: module.SignedInServices })));

/**
 * True from the moment there may be a session (restoring one, or signed in) and for good after: a
 * visitor's page never loads the signed-in services, and once loaded they follow every later change
 * of session themselves (a sign-out clears the outbox and the queue, as before).
 */
function useMaySignIn(status: string): boolean {
  const [may, setMay] = useState(status !== 'signed_out');
  useEffect(() => {
    if (status !== 'signed_out') setMay(true);
  }, [status]);
  return may || status !== 'signed_out';
}

function RouteFallback() {
  return (
    <>
      <PendingMarker />
      <LoadingScreen />
    </>
  );
}

/**
 * Every screen's frame: progress bar, the header the rules of SPEC.md §2 call for, the connection
 * banner, the page, the bottom bar. `page` replaces the routed screen (the router's error element).
 */
export function RootLayout({ page }: { page?: ReactNode } = {}) {
  const { t } = useTranslation('common');
  const location = useLocation();
  const navigation = useNavigation();
  const status = useSession((s) => s.status);
  const me = useMe();
  const busy = useIsFetching() + useIsMutating() + usePendingWork((s) => s.count) > 0 || navigation.state !== 'idle';
  const chrome = chromeFor(location.pathname, status);
  const member = chrome === 'member' && me !== null;
  const maySignIn = useMaySignIn(status);

  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [location.pathname]);

  // A link or button that led to another screen is gone with the old screen: focus would fall back
  // to the document's start. It goes to the new screen's content instead (decision 0037), unless the
  // screen placed it itself (a form's first field).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (location.pathname === shownPath.current) return;
    shownPath.current = location.pathname;
    const active = document.activeElement;
    if (!active || active === document.body) document.getElementById('main')?.focus({ preventScroll: true });
  }, [location.pathname]);

  return (
    <div className={`app-shell${member ? ' app-shell--member' : ''}`}>
      <a className="skip-link" href="#main">
        {t('skip_to_content')}
      </a>
      <LanguageFollower />
      {maySignIn ? (
        <Suspense fallback={null}>
          <SignedInServices />
        </Suspense>
      ) : null}
      <ProgressBar active={busy} />
      {chrome === 'visitor' ? <VisitorHeader /> : null}
      {member ? <MemberTopBar me={me} /> : null}
      <ConnectionBanner />
      <main id="main" className="app-main" tabIndex={-1}>
        <ErrorBoundary level="page" resetKeys={[location.pathname]}>
          <Suspense fallback={<RouteFallback />}>
            {page ?? <Outlet />}
            {/* After the screen's own effects: the app is alive (use-hydrated.ts). */}
            <HydrationMark />
          </Suspense>
        </ErrorBoundary>
      </main>
      {member ? <BottomBar me={me} /> : null}
      {member ? <DesktopBadge /> : null}
    </div>
  );
}
