import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { responseBucketOf } from '@resuelve/contract';
import { Avatar } from '../../components/avatar/avatar.tsx';
import { CategoryIcon } from '../../components/category-icon.tsx';
import { Price, rateProps } from '../../components/price/price.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useSession } from '../../lib/session-store.ts';
import type { ProviderSummary } from '../../entities/provider/api.ts';
import { Badge } from '../../components/badge.tsx';
import { ButtonLink } from '../../components/button.tsx';
import { RatingStars } from '../../components/rating-stars.tsx';
import { formatNumber, formatWhen, isAvailableNow, ratingProps, returnHere, useLocale } from './format.ts';
import type { LoyaltyReward } from '../../entities/loyalty/api.ts';
import { RewardBadge } from '../../entities/loyalty/tier-badge.tsx';
import { CoverPhoto, PictureCover } from './cover-photo.tsx';
import { Card } from '../../components/card.tsx';
import { usePublicPath } from '../../lib/public-path.ts';

/**
 * Badges shared by cards and the profile header: verified, insured, and how soon the provider
 * usually answers (issue 30: the median in business minutes, shown from the minimum of cases).
 */
export function TrustBadges({ insured, verified, responseMinutes = null }: { insured: boolean; verified: boolean; responseMinutes?: number | null }) {
  const { t } = useTranslation('providers');
  const response = responseBucketOf(responseMinutes);
  if (!insured && !verified && !response) return null;
  return (
    <ul className="badges" aria-label={t('badges.label')}>
      {verified && (
        <Badge as="li" tone="brand" className="badge--verified">
          {t('badges.verified')}
        </Badge>
      )}
      {insured && (
        <Badge as="li" tone="success" className="badge--insured">
          {t('badges.insured')}
        </Badge>
      )}
      {response && (
        <Badge as="li" tone="info" className="badge--response" title={t('badges.response.hint')}>
          {t(`badges.response.${response}`)}
        </Badge>
      )}
    </ul>
  );
}

/**
 * One result (issue 12): what a client decides on first: picture, name, rating and reviews,
 * price, distance, badges and the next free time; View and Book. Everything else (services in
 * full, description, call, message) is on the profile. A visitor's Book leads to sign-in and on.
 */
export function ProviderCard({ provider, reward, priority = false }: { provider: ProviderSummary; reward?: LoyaltyReward; priority?: boolean }) {
  const { t } = useTranslation('providers');
  const locale = useLocale();
  const location = useLocation();
  const signedIn = useSession((s) => s.status === 'signed_in');
  const publicPath = usePublicPath();
  const profilePath = publicPath(`/providers/${provider.id}`);
  const bookPath = `/providers/${provider.id}/book`;
  const headingId = `provider-${provider.id}-name`;
  const now = isAvailableNow(provider.next_available_at);
  const trade = provider.categories[0];
  const services = provider.categories.map((c) => c.name).join(', ');
  const distance = provider.distance_km === null ? null : t('card.km', { distance: formatNumber(provider.distance_km, locale) });
  const where = [provider.municipality?.name, distance].filter(Boolean).join(' · ');

  return (
    <Card as="article" interactive className={`provider-card${provider.cover_photo ? ' provider-card--photo' : ''}`} aria-labelledby={headingId}>
      {provider.cover_photo ? (
        <CoverPhoto photo={provider.cover_photo} sizes="(max-width: 640px) 100vw, 400px" className="provider-card__cover" priority={priority} />
      ) : (
        provider.profile_picture_url && <PictureCover url={provider.profile_picture_url} className="provider-card__cover" priority={priority} />
      )}
      <div className="provider-card__head">
        {/* A picture already leading the card as its photo is not shown again as the avatar. */}
        {(provider.cover_photo || !provider.profile_picture_url) && <Avatar url={provider.profile_picture_url} name={provider.company_name} size="lg" />}
        <div className="provider-card__title">
          <h3 id={headingId}>
            <Link to={profilePath}>{provider.company_name}</Link>
          </h3>
          {trade && (
            <p className="provider-card__trade">
              <CategoryIcon slug={trade.slug} size={16} />
              <span className="visually-hidden">{t('card.services')}: </span>
              <span className="provider-card__services" title={services}>
                {services}
              </span>
            </p>
          )}
          <RatingStars {...ratingProps(t, locale, provider.rating_average, provider.review_count)} />
        </div>
      </div>
      <div className="provider-card__decide">
        {provider.rate ? <Price {...rateProps(provider.rate)} /> : <span className="provider-card__no-rate">{t('card.no_rate')}</span>}
        {where && <span className="provider-card__where">{where}</span>}
      </div>
      {(provider.insured || provider.verified || provider.response_minutes !== null || reward) && (
        <div className="provider-card__badges">
          <TrustBadges insured={provider.insured} verified={provider.verified} responseMinutes={provider.response_minutes} />
          {reward && <RewardBadge reward={reward} />}
        </div>
      )}
      <p className={`provider-card__availability${now ? ' provider-card__availability--now' : ''}`}>
        {now
          ? t('card.available_now')
          : provider.next_available_at
            ? t('card.next_available', { when: formatWhen(provider.next_available_at, locale) })
            : t('card.no_availability')}
      </p>
      <div className="provider-card__actions">
        <ButtonLink variant="secondary" to={profilePath} aria-label={t('card.view_named', { name: provider.company_name })}>
          {t('card.view_profile')}
        </ButtonLink>
        {signedIn ? (
          <ButtonLink variant="primary" to={bookPath} aria-label={t('card.book_named', { name: provider.company_name })}>
            {t('card.book')}
          </ButtonLink>
        ) : (
          <ButtonLink
            variant="primary"
            to="/auth"
            state={{ ...returnHere(location), from: bookPath }}
            aria-label={t('card.sign_in_to', { action: t('card.book'), name: provider.company_name })}
          >
            {t('card.book')}
          </ButtonLink>
        )}
      </div>
    </Card>
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
