import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CategoryIcon } from '../../components/category-icon.tsx';
import { Icon } from '../../components/icons.tsx';
import './landing-sections.css';
import { ButtonLink } from '../../components/button.tsx';
import { categoryPath, illustratedTrades, landingClaims, serviceGroups } from './service-catalog.ts';
import { tradePictures } from './trade-pictures.ts';
import { usePublicPath } from '../../lib/public-path.ts';
import { LandingSection } from './landing-section.tsx';

/**
 * The trades, drawn, then every category by group: cards of one height, each an icon and a name,
 * a link to that category's providers.
 */
export function ServiceGroups() {
  const { t } = useTranslation('landing');
  const publicPath = usePublicPath();
  return (
    <LandingSection titleId="landing-groups-title" title={t('groups.title')} subtitle={t('groups.subtitle')} className="landing-section--categories" anchor="categories">
      <ul className="landing-trades" aria-label={t('groups.featured')}>
        {illustratedTrades.map((trade) => (
          <li key={trade.slug}>
            <Link className="landing-trade" to={publicPath(categoryPath(trade.slug))}>
              {/* Our own drawing, markup of the bundle (trade-pictures.ts), never anyone's input. */}
              <span className="landing-trade__art" dangerouslySetInnerHTML={{ __html: tradePictures[trade.picture] ?? '' }} />
              <span className="landing-trade__name">{t(`categories.${trade.slug}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="landing-groups">
        {serviceGroups.map((group) => (
          <article key={group.id} className={`landing-group landing-group--${group.id}`} aria-labelledby={`landing-group-${group.id}`}>
            <div className="landing-group__head">
              <span className="landing-group__icon">
                <Icon name={group.icon} size={20} />
              </span>
              <h3 id={`landing-group-${group.id}`} className="landing-group__title">
                {t(`groups.${group.id}`)}
              </h3>
            </div>
            <ul className="landing-categories">
              {group.categories.map((slug) => (
                <li key={slug}>
                  <Link className="landing-category" to={publicPath(categoryPath(slug))}>
                    <CategoryIcon slug={slug} size={20} className="landing-category__icon" />
                    <span>{t(`categories.${slug}`)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </article>
        ))}
      </div>
      <p className="landing-section__more">
        <Link to={publicPath('/providers')} className="landing-more-link">
          {t('groups.seeAll')} →
        </Link>
      </p>
    </LandingSection>
  );
}

/** Three promises a visitor can check (service-catalog.ts). */
export function LandingClaims() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection titleId="landing-claims-title" title={t('claims.title')} className="landing-section--muted">
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
    </LandingSection>
  );
}

/** The call to register as a provider: sign-up, told it is for a business. */
export function ProviderCall() {
  const { t } = useTranslation('landing');
  return (
    <section className="landing-provider spread" aria-labelledby="landing-provider-title">
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
