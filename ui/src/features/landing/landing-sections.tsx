import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons.tsx';
import './landing-sections.css';
import { categoryPath, landingClaims, serviceGroups } from './service-catalog.ts';
import { ButtonLink } from '../../components/button.tsx';

/** Service groups, each category a link to the providers of that category. */
export function ServiceGroups() {
  const { t } = useTranslation('landing');
  return (
    <section id="categories" className="landing-section" aria-labelledby="landing-groups-title" tabIndex={-1}>
      <div className="landing-section__head">
        <h2 id="landing-groups-title" className="landing-section__title">
          {t('groups.title')}
        </h2>
        <p className="landing-section__subtitle">{t('groups.subtitle')}</p>
      </div>
      <div className="landing-groups">
        {serviceGroups.map((group) => (
          <article key={group.id} className={`landing-group landing-group--${group.id}`} aria-labelledby={`landing-group-${group.id}`}>
            <div className="landing-group__head">
              <span className="landing-group__icon">
                <Icon name={group.icon} size={24} />
              </span>
              <h3 id={`landing-group-${group.id}`} className="landing-group__title">
                {t(`groups.${group.id}`)}
              </h3>
            </div>
            <ul className="chip-list">
              {group.categories.map((slug) => (
                <li key={slug}>
                  <Link className="landing-group__link" to={categoryPath(slug)}>
                    {t(`categories.${slug}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </article>
        ))}
      </div>
      <p className="landing-section__more">
        <Link to="/providers" className="landing-more-link">
          {t('groups.seeAll')} →
        </Link>
      </p>
    </section>
  );
}

/** The promises of SPEC.md §1. */
export function LandingClaims() {
  const { t } = useTranslation('landing');
  return (
    <section className="landing-section landing-section--muted" aria-labelledby="landing-claims-title">
      <div className="landing-section__head">
        <h2 id="landing-claims-title" className="landing-section__title">
          {t('claims.title')}
        </h2>
      </div>
      <ul className="landing-claims">
        {landingClaims.map((claim) => (
          <li key={claim.id} className="landing-claim">
            <span className="landing-claim__icon">
              <Icon name={claim.icon} size={24} />
            </span>
            <h3 className="landing-claim__title">{t(`claims.${claim.id}.title`)}</h3>
            <p className="landing-claim__body">{t(`claims.${claim.id}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The call to register as a provider: sign-up, told it is for a business. */
export function ProviderCall() {
  const { t } = useTranslation('landing');
  return (
    <section className="landing-provider" aria-labelledby="landing-provider-title">
      <div className="landing-provider__text">
        <h2 id="landing-provider-title" className="landing-provider__title">
          {t('provider.title')}
        </h2>
        <p>{t('provider.body')}</p>
      </div>
      <ButtonLink variant="accent" className="landing-provider__cta" to="/auth?mode=signup&type=provider">
        {t('provider.cta')}
      </ButtonLink>
    </section>
  );
}
