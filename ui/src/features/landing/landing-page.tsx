import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HeroSearch, serviceInputId } from './hero-search.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingClaims, ProviderCall, ServiceGroups } from './landing-sections.tsx';
import { SectionLink } from './section-link.tsx';
import './landing.css';

/** / for visitors (SPEC.md §2). Sits under the shell's brand header, which holds the language switch. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  return (
    <div className="landing">
      <nav className="landing-nav" aria-label={t('nav.label')}>
        <ul className="landing-nav__list">
          <li>
            <SectionLink target="categories" className="landing-nav__link">
              {t('nav.categories')}
            </SectionLink>
          </li>
          <li>
            <SectionLink target={serviceInputId} className="landing-nav__link">
              {t('nav.search')}
            </SectionLink>
          </li>
          <li>
            <SectionLink target="contact" className="landing-nav__link">
              {t('nav.contact')}
            </SectionLink>
          </li>
          <li className="landing-nav__end">
            <Link to="/auth" className="btn btn-primary landing-nav__signin">
              {t('nav.signIn')}
            </Link>
          </li>
        </ul>
      </nav>
      <HeroSearch />
      <ServiceGroups />
      <LandingClaims />
      <ProviderCall />
      <LandingFooter />
    </div>
  );
}
