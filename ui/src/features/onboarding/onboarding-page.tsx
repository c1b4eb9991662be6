import { useTranslation } from 'react-i18next';
import { PlaceholderPage } from '../../components/page-frame.tsx';

// Built by a later issue; until then the route shows its title inside the page frame.

export function OnboardingPage() {
  const { t } = useTranslation('nav');
  return <PlaceholderPage title={t('titles.onboarding')} />;
}
