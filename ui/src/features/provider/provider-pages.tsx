import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/page-frame.tsx';

// Built by a later issue; until then the route shows its title inside the page frame.

export function ProviderHomePage() {
  const { t } = useTranslation('nav');
  return <PlaceholderPage title={t('titles.provider_home')} />;
}

export function ProviderPortfolioPage() {
  const { t } = useTranslation('nav');
  return <PlaceholderPage title={t('titles.provider_portfolio')} />;
}

export function ProviderCalendarPage() {
  const { t } = useTranslation('nav');
  return <PlaceholderPage title={t('titles.provider_calendar')} />;
}

