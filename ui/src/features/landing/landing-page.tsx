import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HeroSearch } from './hero-search.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import { LandingClaims, ProviderCall, ServiceGroups } from './landing-sections.tsx';
import './landing.css';

/** / for visitors (SPEC.md §2): header, hero search, service groups, claims, provider call, footer. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  const title = `${t('common:app_name')} · ${t('title')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="landing">
      <LandingHeader />
      <HeroSearch />
      <ServiceGroups />
      <LandingClaims />
      <ProviderCall />
      <LandingFooter />
    </div>
  );
}
