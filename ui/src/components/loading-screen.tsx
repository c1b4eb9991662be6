import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../lib/connection.ts';
import { Icon } from './icons.tsx';

/**
 * Loading animation with a message read by screen readers; `message` defaults to "Loading…".
 * Without a connection nothing is loading (queries pause, decision 0029): it says what it waits for.
 */
export function LoadingScreen({ message, fullPage = false }: { message?: string; fullPage?: boolean }) {
  const { t } = useTranslation('common');
  const offline = useConnectionState() !== 'online';
  const className = `loading-screen${fullPage ? ' loading-screen--full' : ''}${offline ? ' loading-screen--offline' : ''}`;
  return (
    <div className={className} role="status" aria-live="polite">
      {offline ? (
        <Icon name="wifiOff" size={22} />
      ) : (
        <span className="loading-dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
      )}
      <p className="loading-screen__message">{offline ? t('offline.waiting') : (message ?? t('loading'))}</p>
    </div>
  );
}
