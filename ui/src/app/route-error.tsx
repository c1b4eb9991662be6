import { Component, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { ErrorFallback } from '../components/error-boundary.tsx';
import { OfflinePanel } from '../components/offline-panel.tsx';
import { clientLogger } from '../lib/client-logger.ts';
import { connectionState, isNetworkFailure } from '../lib/connection.ts';
import { reloadOnReconnect } from './offline/connection-banner.tsx';
import { RootLayout } from './layout/root-layout.tsx';

const reload = () => window.location.reload();

/** A screen's code is fetched again by loading the page afresh, never while that cannot work. */
const retryOnline = () => {
  if (connectionState() === 'online') reloadOnReconnect();
};

/** Should the shell itself fail, the bare page fallback: nothing else is left to draw. */
class ShellGuard extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="app-main">
        <ErrorFallback level="page" onTryAgain={reload} />
      </main>
    );
  }
}

/**
 * Errors the router catches (a screen's code failing to load, mostly) are drawn in the page area
 * of the kept shell: top bar, bottom bar and navigation stay usable. For want of a connection it is
 * the offline panel, never a replaced app (decision 0029). The router keeps a failed load, so
 * trying again loads the page afresh; queued actions are stored and survive it.
 */
export function RouteError() {
  const error = useRouteError();
  const network = isNetworkFailure(error);
  useEffect(() => {
    if (network) return;
    clientLogger.error(`route error: ${error instanceof Error ? error.message : String(error)}`, { category: 'render' });
  }, [error, network]);
  const page = network ? <OfflinePanel onRetry={retryOnline} /> : <ErrorFallback level="page" onTryAgain={reload} />;
  return (
    <ShellGuard>
      <RootLayout page={page} />
    </ShellGuard>
  );
}
