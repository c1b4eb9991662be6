import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons.tsx';
import { useConnectionState } from '../../lib/connection.ts';
import { getPlatform, hasPlatform } from '../../platform/index.ts';
import { QueuedActions } from './queued-actions.tsx';

/** How long "back online" stays once the connection returns. */
export const backOnlineMs = 4_000;

const reloadedKey = 'resuelve.reloaded-on-reconnect';

/** A page loaded afresh because the connection returned: the new page says "back online" too. */
export function reloadOnReconnect(): void {
  try {
    sessionStorage.setItem(reloadedKey, '1');
  } catch {
    // No session storage: the page still loads, without the note.
  }
  window.location.reload();
}

function reloadedOnReconnect(): boolean {
  try {
    const was = sessionStorage.getItem(reloadedKey) === '1';
    sessionStorage.removeItem(reloadedKey);
    return was;
  } catch {
    return false;
  }
}

/**
 * Under the top bar, never over the navigation: while there is no connection (or no answer from
 * Resuelve) it says so and what still works; on reconnect a short "back online". The actions that
 * wait for the connection are listed with it, each with its Cancel.
 */
export function ConnectionBanner() {
  const { t } = useTranslation('common');
  const state = useConnectionState();
  const [backOnline, setBackOnline] = useState(reloadedOnReconnect);
  const before = useRef(backOnline ? 'offline' : state);
  useEffect(() => {
    const was = before.current;
    before.current = state;
    if (state !== 'online') {
      setBackOnline(false);
      return;
    }
    if (was === 'online') return;
    setBackOnline(true);
    const timer = setTimeout(() => setBackOnline(false), backOnlineMs);
    return () => clearTimeout(timer);
  }, [state]);
  const savedWork = hasPlatform() ? getPlatform().offlineWorkHref : undefined;

  return (
    <>
      {/* Sticky under the top bar; the queue below scrolls with the page (a phone keeps its screen). */}
      <div className="connection-area connection-area--sticky" role="status" aria-live="polite">
        {state !== 'online' ? (
          <div className="connection-banner connection-banner--offline" data-connection={state}>
            <Icon name="wifiOff" size={20} />
            <p>{t(state === 'offline' ? 'offline.banner_offline' : 'offline.banner_unreachable')}</p>
            {savedWork ? (
              <a className="connection-banner__link" href={savedWork}>
                {t('offline.saved_jobs_link')}
              </a>
            ) : null}
          </div>
        ) : backOnline ? (
          <div className="connection-banner connection-banner--back">
            <Icon name="cloudCheck" size={20} />
            <p>{t('offline.back_online')}</p>
          </div>
        ) : null}
      </div>
      <div className="connection-area">
        <QueuedActions />
      </div>
    </>
  );
}
