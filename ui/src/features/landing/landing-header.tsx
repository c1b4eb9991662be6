import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/icons.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { serviceInputId } from './hero-search.tsx';
import { SectionLink } from './section-link.tsx';
import { ButtonLink } from '../../components/button.tsx';
import { usePublicPath } from '../../lib/public-path.ts';

/**
 * The landing page's own header (the shell shows no top bar here for visitors, SPEC.md §2):
 * brand, Categories, Search, Contact, the language switch and Sign In.
 */
export function LandingHeader() {
  const { t } = useTranslation('landing');
  const publicPath = usePublicPath();
  return (
    <header className="landing-header">
      <div className="landing-header__inner">
        <Link to={publicPath('/')} className="landing-brand" aria-label={t('nav.home')}>
          <BrandMark size={34} />
          <span className="landing-brand__name">Resuelve</span>
        </Link>
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
          </ul>
        </nav>
        <div className="landing-header__end">
          <LanguageSwitch className="language-switch--large" />
          <ButtonLink to="/auth" variant="primary" className="landing-header__signin">
            {t('nav.signIn')}
          </ButtonLink>
        </div>
      </div>
    </header>
  );
}
