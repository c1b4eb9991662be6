import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '../../components/skeleton.tsx';
import { useSession } from '../../lib/session-store.ts';
import { conversationPath } from '../../entities/conversation/links.ts';
import type { ProviderSummary } from '../../entities/provider/api.ts';
import { RatingStars } from '../../components/rating-stars.tsx';
import { formatNumber, formatWhen, isAvailableNow, ratingProps, returnHere, useLocale } from './format.ts';
import type { LoyaltyReward } from '../../entities/loyalty/api.ts';
import { RewardBadge } from '../../entities/loyalty/tier-badge.tsx';

/** Badges shared by cards and the profile header. */
export function TrustBadges({ insured, verified }: { insured: boolean; verified: boolean }) {
  const { t } = useTranslation('providers');
  if (!insured && !verified) return null;
  return (
    <ul className="badges" aria-label={t('badges.label')}>
      {verified && <li className="badge badge--verified">{t('badges.verified')}</li>}
      {insured && <li className="badge badge--insured">{t('badges.insured')}</li>}
    </ul>
  );
}

export function Avatar({ url, name, size = 64 }: { url: string | null; name: string; size?: number }) {
  if (url) return <img className="provider-avatar" src={url} alt="" width={size} height={size} />;
  return (
    <span className="provider-avatar provider-avatar--initial" style={{ width: size, height: size }} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}

/**
 * One result (SPEC.md §2 provider card): availability, services, jobs, reviews, years, distance,
 * badges and the four actions. Visitors' Call and Message lead to sign-in and back here; Book, to
 * sign-in and on to the booking screen.
 */
export function ProviderCard({ provider, reward }: { provider: ProviderSummary; reward?: LoyaltyReward }) {
  const { t } = useTranslation('providers');
  const locale = useLocale();
  const location = useLocation();
  const signedIn = useSession((s) => s.status === 'signed_in');
  const profilePath = `/providers/${provider.id}`;
  const bookPath = `${profilePath}/book`;
  const messagePath = conversationPath({ provider: provider.id });
  const headingId = `provider-${provider.id}-name`;
  const now = isAvailableNow(provider.next_available_at);
  const services = provider.categories.map((c) => c.name).join(', ');

  const authLink = (label: string, hint: string, from = returnHere(location)) => (
    <Link className="btn btn-secondary" to="/auth" state={from} aria-label={hint}>
      {label}
    </Link>
  );

  return (
    <article className="provider-card" aria-labelledby={headingId}>
      <div className="provider-card__head">
        <Avatar url={provider.profile_picture_url} name={provider.company_name} />
        <div className="provider-card__title">
          <h3 id={headingId}>
            <Link to={profilePath}>{provider.company_name}</Link>
          </h3>
          <RatingStars {...ratingProps(t, locale, provider.rating_average, provider.review_count)} />
          <TrustBadges insured={provider.insured} verified={provider.verified} />
          {reward && <RewardBadge reward={reward} />}
        </div>
      </div>
      <p className={`provider-card__availability${now ? ' provider-card__availability--now' : ''}`}>
        {now
          ? t('card.available_now')
          : provider.next_available_at
            ? t('card.next_available', { when: formatWhen(provider.next_available_at, locale) })
            : t('card.no_availability')}
      </p>
      {services && (
        <p className="provider-card__services">
          <span className="visually-hidden">{t('card.services')}: </span>
          {services}
        </p>
      )}
      {provider.description && <p className="provider-card__description">{provider.description}</p>}
      <dl className="provider-card__facts">
        <div>
          <dt>{t('card.jobs')}</dt>
          <dd>{t('card.jobs_value', { count: provider.completed_jobs })}</dd>
        </div>
        <div>
          <dt>{t('card.experience')}</dt>
          <dd>
            {provider.years_experience === null ? t('card.unknown') : t('card.years', { count: provider.years_experience })}
          </dd>
        </div>
        {provider.municipality && (
          <div>
            <dt>{t('card.municipality')}</dt>
            <dd>{provider.municipality.name}</dd>
          </div>
        )}
        {provider.distance_km !== null && (
          <div>
            <dt>{t('card.distance')}</dt>
            <dd>{t('card.km', { distance: formatNumber(provider.distance_km, locale) })}</dd>
          </div>
        )}
      </dl>
      <div className="provider-card__actions">
        <Link className="btn btn-primary" to={profilePath}>
          {t('card.view_profile')}
        </Link>
        {signedIn ? (
          <>
            <Link className="btn btn-accent" to={bookPath}>
              {t('card.book')}
            </Link>
            {provider.phone_number ? (
              <a className="btn btn-secondary" href={`tel:+${provider.phone_number.replace(/\D/g, '')}`}>
                {t('card.call')}
              </a>
            ) : (
              <Link className="btn btn-secondary" to={`${profilePath}#contact`}>
                {t('card.call')}
              </Link>
            )}
            <Link className="btn btn-secondary" to={messagePath}>
              {t('card.message')}
            </Link>
          </>
        ) : (
          <>
            {authLink(t('card.book'), t('card.sign_in_to', { action: t('card.book'), name: provider.company_name }), { from: bookPath })}
            {authLink(t('card.call'), t('card.sign_in_to', { action: t('card.call'), name: provider.company_name }))}
            {authLink(t('card.message'), t('card.sign_in_to', { action: t('card.message'), name: provider.company_name }), { from: messagePath })}
          </>
        )}
      </div>
    </article>
  );
}

/** A card's shape while results load. */
export function ProviderCardSkeleton() {
  return (
    <div className="provider-card provider-card--skeleton" aria-hidden="true">
      <div className="provider-card__head">
        <Skeleton shape="avatar" />
        <div className="provider-card__title">
          <Skeleton />
          <Skeleton short />
        </div>
      </div>
      <Skeleton />
      <Skeleton short />
    </div>
  );
}
