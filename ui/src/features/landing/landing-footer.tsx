import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { locales, toLocale } from '@resuelve/contract';
import type { Locale } from '@resuelve/contract';
import { useChangeLanguage } from '../../lib/i18n.ts';
import { renderNow } from '../../lib/use-hydrated.ts';
import { SectionLink } from './section-link.tsx';
import './landing-footer.css';
import { usePublicPath } from '../../lib/public-path.ts';

export function LandingFooter() {
  const { t, i18n } = useTranslation('landing');
  const changeLanguage = useChangeLanguage();
  const publicPath = usePublicPath();
  const email = t('footer.contactEmail');

  return (
    <footer className="landing-footer">
      <div className="landing-footer__grid">
        <div className="landing-footer__brand">
          <p className="landing-footer__name">Resuelve</p>
          <p className="landing-footer__muted">{t('footer.tagline')}</p>
        </div>
        <div id="about" className="landing-footer__col" tabIndex={-1}>
          <h2 className="landing-footer__heading">{t('footer.about')}</h2>
          <p className="landing-footer__muted">{t('footer.aboutBody')}</p>
        </div>
        <div id="contact" className="landing-footer__col" tabIndex={-1}>
          <h2 className="landing-footer__heading">{t('footer.contact')}</h2>
          <a className="landing-footer__link" href={`mailto:${email}`}>
            {email}
          </a>
        </div>
        <div className="landing-footer__col">
          <label className="landing-footer__heading" htmlFor="landing-language">
            {t('footer.language')}
          </label>
          <select
            id="landing-language"
            className="landing-footer__select"
            value={toLocale(i18n.language)}
            onChange={(e) => void changeLanguage(toLocale(e.target.value))}
          >
            {locales.map((lng: Locale) => (
              <option key={lng} value={lng} lang={lng}>
                {t(`languages.${lng}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="landing-footer__bottom spread">
        <p className="landing-footer__muted">{t('footer.copyright', { year: renderNow().getFullYear() })}</p>
        <p className="landing-footer__muted landing-footer__credits">{t('footer.credits')}</p>
        <nav className="landing-footer__legal" aria-label={t('footer.label')}>
          <SectionLink target="about" className="landing-footer__link">
            {t('footer.about')}
          </SectionLink>
          <SectionLink target="contact" className="landing-footer__link">
            {t('footer.contact')}
          </SectionLink>
          <Link to={publicPath('/terms')} className="landing-footer__link">
            {t('footer.terms')}
          </Link>
          <Link to={publicPath('/privacy')} className="landing-footer__link">
            {t('footer.privacy')}
          </Link>
          <Link to={publicPath('/ranking')} className="landing-footer__link">
            {t('footer.ranking')}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
