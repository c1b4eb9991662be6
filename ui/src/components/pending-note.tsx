import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../lib/connection.ts';

/**
 * Where a list says it is loading: its own words online, and offline (its query paused, nothing
 * saved yet) "You're offline; this will load when the connection returns" instead of a spinner.
 */
export function PendingNote({ children, className = 'muted' }: { children: ReactNode; className?: string }) {
  const { t } = useTranslation('common');
  const offline = useConnectionState() !== 'online';
  return (
    <p className={offline ? `${className} pending-note--offline` : className} role="status">
      {offline ? t('offline.waiting') : children}
    </p>
  );
}
