import { useTranslation } from 'react-i18next';
import { usePublicHead } from '../../lib/use-document-title.ts';
import { FeaturedProjects } from './featured-projects.tsx';
import { HeroSearch } from './hero-search.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import { LandingClaims, ProviderCall, ServiceGroups } from './landing-sections.tsx';
import { FiguresStrip, SiteFigures } from './site-figures.tsx';
import { WaitlistForm } from './waitlist-form.tsx';
import './landing.css';

/**
 * / for visitors (SPEC.md §2): header, hero search, a line of real figures, the trades and every
 * category, featured projects, three promises, the figures, provider call, waitlist, footer. On a
 * phone the first category is within three screens (issue 12; the landing journey measures it).
 */
const landingHead = { kind: 'landing' } as const;

export function LandingPage() {
  const { t } = useTranslation('landing');
  usePublicHead(landingHead, `${t('common:app_name')} · ${t('title')}`);
  return (
    <div className="landing" data-feature="landing">
      <LandingHeader />
      <HeroSearch />
      <FiguresStrip />
      <ServiceGroups />
      <FeaturedProjects />
      <LandingClaims />
      <SiteFigures />
      <ProviderCall />
      <WaitlistForm />
      <LandingFooter />
    </div>
  );
}
