import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/page-frame.tsx';

// Messages are not built yet: the route shows its title inside the page frame.

export function MessagesPage() {
  const { t } = useTranslation('nav');
  return <PlaceholderPage feature="messages" title={t('titles.messages')} />;
}
