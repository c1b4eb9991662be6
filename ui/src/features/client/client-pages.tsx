import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/page-frame.tsx';

// Built by a later issue; until then the route shows its title inside the page frame.

export function ClientHomePage() {
  const { t } = useTranslation('nav');
  return <PlaceholderPage title={t('titles.client_home')} />;
}

export function ClientAppointmentsPage() {
  const { t } = useTranslation('nav');
  return <PlaceholderPage title={t('titles.client_my_appointments')} />;
}

export function ClientHistoryPage() {
  const { t } = useTranslation('nav');
  return <PlaceholderPage title={t('titles.client_history')} />;
}

export function ClientReviewsPage() {
  const { t } = useTranslation('nav');
  return <PlaceholderPage title={t('titles.client_reviews')} />;
}

export function ClientJobPage() {
  const { t } = useTranslation('nav');
  return <PlaceholderPage title={t('titles.client_job')} />;
}

export { ClientProfilePage } from './client-profile-page.tsx';

