import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RatingStars } from '../../components/rating-stars.tsx';
import { useQuery } from '@tanstack/react-query';
import { PageFrame } from '../../components/page-frame.tsx';
import { LoadingScreen } from '../../components/loading-screen.tsx';
import { PlacesMap } from '../../components/map/places-map.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useMunicipalities } from '../../entities/geo/api.ts';
import { useSession } from '../../lib/session-store.ts';
import { conversationPath } from '../../entities/conversation/links.ts';
import { providerQueries } from '../../entities/provider/api.ts';
import type { ProviderDetail } from '../../entities/provider/api.ts';
import { ratingProps, useLocale } from './format.ts';
import { OwnerTabs } from './owner-tabs.tsx';
import { ProjectGallery } from './project-gallery.tsx';
import { Avatar } from '../../components/avatar/avatar.tsx';
import { CategoryIcon } from '../../components/category-icon.tsx';
import { Price, rateProps } from '../../components/price/price.tsx';
import { CancellationPolicyLine } from '../../entities/provider/cancellation-policy.tsx';
import { ProfilePhotoStrip } from './profile-photo-strip.tsx';
import { TrustBadges } from './provider-card.tsx';
import { BookingSection, BusinessHoursTable, ContactSection, SignInPrompt } from './profile-sections.tsx';
import { ProviderReviews } from './provider-reviews.tsx';
import { ProfileBookBar } from './profile-book-bar.tsx';
import { SignedInLink } from './signed-in-link.tsx';
import './providers.css';
import { useProviderRewards } from '../../entities/loyalty/use-provider-rewards.ts';
import { RewardBadge } from '../../entities/loyalty/tier-badge.tsx';
import { Button } from '../../components/button.tsx';

/** /providers/{id} (SPEC.md §2 Provider profile); the owner also gets the edit tabs. */
export function ProviderProfilePage() {
  const { t } = useTranslation('providers');
  const { id = '' } = useParams();
  const locale = useLocale();
  const signedIn = useSession((s) => s.status === 'signed_in');
  const me = useSession((s) => s.user);
  const profile = useQuery({ ...providerQueries.detail(id, locale, signedIn), meta: { silent: true } });
  useScrollToHash(Boolean(profile.data));

  if (profile.isPending) return <LoadingScreen message={t('profile.loading')} />;
  if (profile.isError) {
    const missing = isApiError(profile.error) && profile.error.status === 404;
    return (
      <PageFrame feature="directory" title={t('nav:titles.provider_profile')}>
        <div className="search-state card" role="alert">
          <h2>{t(missing ? 'profile.not_found_title' : 'profile.error_title')}</h2>
          <p>{t(missing ? 'profile.not_found_text' : 'profile.error_text')}</p>
          {!missing && (
            <Button variant="primary" onClick={() => void profile.refetch()}>
              {t('results.retry')}
            </Button>
          )}
        </div>
      </PageFrame>
    );
  }

  const provider = profile.data;
  const isOwner = signedIn && me?.id === provider.id;
  return (
    <PageFrame feature="directory" title={provider.company_name} head={{ kind: 'profile', provider }}>
      <div className="provider-profile">
        <ProfilePhotoStrip providerId={provider.id} cover={provider.cover_photo} />
        <ProfileHeader provider={provider} isOwner={isOwner} />
        {isOwner && <OwnerTabs />}
        <div className="provider-profile__columns">
          <div className="provider-profile__main">
            <section className="profile-section card" aria-labelledby="about-title">
              <h2 id="about-title">{t('profile.about')}</h2>
              {provider.description ? <p className="provider-profile__description">{provider.description}</p> : <p className="muted">{t('profile.no_description')}</p>}
              <h3>{t('profile.services')}</h3>
              {provider.categories.length > 0 ? (
                <ul className="chip-list service-list">
                  {provider.categories.map((c) => (
                    <li key={c.slug} className="chip">
                      <CategoryIcon slug={c.slug} size={16} />
                      {c.name}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="muted">{t('profile.no_services')}</p>
              )}
            </section>
            <ProviderReviews providerId={provider.id} isOwner={isOwner} />
            <ProjectGallery providerId={provider.id} />
          </div>
          <div className="provider-profile__side">
            {provider.sign_in_required || !provider.contact || !provider.business_hours ? (
              <SignInPrompt />
            ) : (
              <>
                <ContactSection contact={provider.contact} website={provider.website_url} social={provider.social_media} />
                {!isOwner && <BookingSection providerId={provider.id} />}
                <BusinessHoursTable hours={provider.business_hours} />
              </>
            )}
            <ProfileMap provider={provider} />
          </div>
        </div>
        {!isOwner && provider.categories.length > 0 && <ProfileBookBar provider={provider} />}
      </div>
    </PageFrame>
  );
}

/** The provider's loyalty reward, when they offer one. */
function ProfileReward({ providerId }: { providerId: string }) {
  const rewards = useProviderRewards([providerId]);
  const reward = rewards.get(providerId);
  return reward ? <RewardBadge reward={reward} /> : null;
}

function ProfileHeader({ provider, isOwner }: { provider: ProviderDetail; isOwner: boolean }) {
  const { t } = useTranslation('providers');
  const locale = useLocale();
  return (
    <header className="profile-header card">
      <Avatar url={provider.profile_picture_url} name={provider.company_name} size="xl" />
      <div className="profile-header__text">
        <TrustBadges insured={provider.insured} verified={provider.verified} responseMinutes={provider.response_minutes} />
        <ProfileReward providerId={provider.id} />
        <RatingStars {...ratingProps(t, locale, provider.rating_average, provider.review_count)} size="md" />
        <p className="muted">
          {[
            provider.municipality?.name,
            provider.years_experience === null ? null : t('card.years', { count: provider.years_experience }),
            t('card.jobs_value', { count: provider.completed_jobs }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <div className="profile-header__aside">
        {provider.rate ? <Price {...rateProps(provider.rate)} size="lg" /> : <span className="muted">{t('card.no_rate')}</span>}
        {provider.cancellation_policy && <CancellationPolicyLine policy={provider.cancellation_policy} className="profile-header__policy" />}
        {isOwner ? null : <MessageLink provider={provider} />}
      </div>
    </header>
  );
}

/** "Send a message": the conversation with this provider; a visitor signs in first and comes back to it. */
function MessageLink({ provider }: { provider: ProviderDetail }) {
  const { t } = useTranslation('providers');
  return (
    <SignedInLink
      variant="primary"
      className="profile-header__message"
      to={conversationPath({ provider: provider.id })}
      visitorLabel={t('card.sign_in_to', { action: t('profile.message'), name: provider.company_name })}
    >
      {t('profile.message')}
    </SignedInLink>
  );
}

function ProfileMap({ provider }: { provider: ProviderDetail }) {
  const { t } = useTranslation('providers');
  const municipalities = useMunicipalities();
  const place = municipalities.data?.find((m) => m.slug === provider.municipality?.slug);
  if (!place) return null;
  return (
    <PlacesMap
      places={[{ id: provider.id, name: provider.company_name, detail: place.name, lat: place.lat, lng: place.lng }]}
      label={t('map.profile')}
      listTitle={t('map.profile_list')}
    />
  );
}

/** "Book now" and "Call" on a card lead to #booking and #contact: go there once the page has them. */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView?.({ block: 'start' });
    const focusable = target?.querySelector<HTMLElement>('input, a, button');
    focusable?.focus({ preventScroll: true });
  }, [ready, hash]);
}
