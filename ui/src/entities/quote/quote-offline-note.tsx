import { useTranslation } from 'react-i18next';
import { NeedsConnectionNote } from '../../components/needs-connection-note.tsx';

/** Why the quote buttons wait: a quote, its answer or a counter-offer is never queued to go later. */
export function QuoteOfflineNote() {
  const { t } = useTranslation('quotes');
  return <NeedsConnectionNote>{t('offline')}</NeedsConnectionNote>;
}
