import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/page-frame.tsx';

export { ProviderDashboardPage as ProviderHomePage } from './dashboard-page.tsx';
export { ProviderJobPage } from './job-request-page.tsx';

// The portfolio has no screen yet; the route shows its title inside the page frame meanwhile.
export function ProviderPortfolioPage() {
  const { t } = useTranslation('nav');
  return <PlaceholderPage feature="provider-console" title={t('titles.provider_portfolio')} />;
}
