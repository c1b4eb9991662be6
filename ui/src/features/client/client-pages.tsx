import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/page-frame.tsx';

// The router's entry for /client/*; each screen lives in its own file.
export { ClientHomePage } from './home-page.tsx';
export { ClientAppointmentsPage } from './appointments-page.tsx';
export { ClientHistoryPage } from './history-page.tsx';
export { ClientJobPage } from './job-detail-page.tsx';
export { ClientProfilePage } from './client-profile-page.tsx';

// Reviews are not built yet: the route shows its title inside the page frame.
export function ClientReviewsPage() {
  const { t } = useTranslation('nav');
  return <PlaceholderPage feature="client" title={t('titles.client_reviews')} />;
}
