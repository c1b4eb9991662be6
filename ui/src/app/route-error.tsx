import { useRouteError } from 'react-router';
import { useEffect } from 'react';
import { ErrorFallback } from '../components/error-boundary.tsx';
import { clientLogger } from '../lib/client-logger.ts';

/** Last line of defence for errors the router itself catches (a screen's code failing to load). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    clientLogger.error(`route error: ${error instanceof Error ? error.message : String(error)}`, { category: 'render' });
  }, [error]);
  return (
    <main className="app-main">
      <ErrorFallback level="page" onTryAgain={() => window.location.reload()} />
    </main>
  );
}
