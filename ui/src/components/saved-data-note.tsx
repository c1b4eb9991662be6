import { useTranslation } from 'react-i18next';
import { dateTimeFormat, intlLocale, toLocale } from '@resuelve/contract';
import { useConnectionState } from '../lib/connection.ts';
import { Icon } from './icons.tsx';

/**
 * Above a list while there is no connection: "showing saved data from 9:40 AM" (when the api last
 * answered it, `query.dataUpdatedAt`). Nothing while online or before the list ever loaded.
 */
export function SavedDataNote({ updatedAt }: { updatedAt: number }) {
  const { t, i18n } = useTranslation('common');
  const online = useConnectionState() === 'online';
  if (online || !updatedAt) return null;
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const time = dateTimeFormat(intlLocale[locale], { hour: 'numeric', minute: '2-digit' }).format(new Date(updatedAt));
  return (
    <p className="saved-data-note">
      <Icon name="wifiOff" size={16} />
      {t('offline.saved_data', { time })}
    </p>
  );
}
