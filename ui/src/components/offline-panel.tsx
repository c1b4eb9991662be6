import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionState } from '../lib/connection.ts';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { Icon } from './icons.tsx';

/**
 * In the page area, in place of a screen that could not open for want of a connection (its code or
 * its data): the shell and everything already open stay. Tries again by itself when the connection
 * returns, and on "Try again".
 */
export function OfflinePanel({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  const state = useConnectionState();
  const before = useRef(state);
  const retry = useRef(onRetry);
  retry.current = onRetry;
  useEffect(() => {
    const was = before.current;
    before.current = state;
    if (was !== 'online' && state === 'online') retry.current();
  }, [state]);
  return (
    <Card as="section" padding="lg" className="offline-panel" aria-labelledby="offline-panel-title">
      <span className="offline-panel__icon" aria-hidden="true">
        <Icon name="wifiOff" size={24} />
      </span>
      <h1 id="offline-panel-title" className="offline-panel__title">
        {t('offline.panel_title')}
      </h1>
      <p className="muted">{t('offline.panel_body')}</p>
      <Button variant="primary" onClick={onRetry}>
        {t('offline.try_again')}
      </Button>
    </Card>
  );
}
