import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../lib/navigation.ts';
import { clientLogger } from '../lib/client-logger.ts';
import { recordError } from '../lib/error-recovery.ts';
import { isNetworkFailure } from '../lib/connection.ts';
import { OfflinePanel } from './offline-panel.tsx';
import { Button } from './button.tsx';

export type BoundaryLevel = 'page' | 'section' | 'component';

interface ErrorBoundaryProps {
  level: BoundaryLevel;
  children: ReactNode;
  /** Called when the person asks to try again, e.g. to reset a query. */
  onReset?: () => void;
  /** When any of these change (e.g. the path), a shown error is cleared. */
  resetKeys?: readonly unknown[];
}

interface ErrorBoundaryState {
  error: Error | null;
}

function changed(a: readonly unknown[] = [], b: readonly unknown[] = []): boolean {
  return a.length !== b.length || a.some((v, i) => !Object.is(v, b[i]));
}

/** Error boundary for a page, a section or a single component (SPEC.md §8): try again, reload, go home. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (isNetworkFailure(error)) return;
    const where = info.componentStack?.split('\n').find((line) => line.trim())?.trim() ?? '';
    clientLogger.error(`${this.props.level} boundary: ${error.message} ${where}`.trim(), { category: 'render' });
    recordError();
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.error && changed(previous.resetKeys, this.props.resetKeys)) this.setState({ error: null });
  }

  reset = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render() {
    if (!this.state.error) return this.props.children;
    // A network failure is not a bug: the page says it waits for the connection (decision 0029).
    if (this.props.level === 'page' && isNetworkFailure(this.state.error)) return <OfflinePanel onRetry={this.reset} />;
    return <ErrorFallback level={this.props.level} onTryAgain={this.reset} />;
  }
}

export function ErrorFallback({ level, onTryAgain }: { level: BoundaryLevel; onTryAgain: () => void }) {
  const { t } = useTranslation('errors');
  const Heading = level === 'page' ? 'h1' : level === 'section' ? 'h2' : 'p';
  return (
    <div className={`error-fallback error-fallback--${level}`} role="alert">
      <Heading className="error-fallback__title">{t(`boundary.${level}_title`)}</Heading>
      {level !== 'component' ? <p className="muted">{t('boundary.description')}</p> : null}
      <div className="error-fallback__actions">
        <Button variant="primary" onClick={onTryAgain}>
          {t('boundary.try_again')}
        </Button>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          {t('boundary.reload')}
        </Button>
        {level !== 'component' ? (
          <Button variant="quiet" onClick={() => navigateTo('/')}>
            {t('boundary.go_home')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
