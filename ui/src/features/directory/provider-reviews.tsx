import { useTranslation } from 'react-i18next';
import { RatingStars } from '../../components/rating-stars.tsx';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ratings } from '@resuelve/contract';
import { reviewQueries } from '../../entities/review/api.ts';
import type { ProviderReviewPage } from '../../entities/review/api.ts';
import { ReplyBox } from '../../entities/review/reply-box.tsx';
import { ReviewCard } from '../../entities/review/review-card.tsx';
import { formatNumber, useLocale } from './format.ts';
import { Button } from '../../components/button.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import './provider-reviews.css';

/**
 * The profile's reviews (SPEC.md §2): the average with the counts per rating, then the reviews and
 * their replies, page by page; the provider looking at their own profile answers them here too.
 */
export function ProviderReviews({ providerId, isOwner = false }: { providerId: string; isOwner?: boolean }) {
  const { t } = useTranslation('reviews');
  const hydrated = useHydrated();
  const pages = useInfiniteQuery({ ...reviewQueries.ofProvider(providerId), meta: { silent: true } });
  const first = pages.data?.pages[0];
  const list = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section id="reviews" className="profile-section card provider-reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t('profile.title')}</h2>
      {pages.isPending && (
        <p className="muted" role="status">
          {t('profile.loading')}
        </p>
      )}
      {pages.isError && !first && (
        <div className="alert alert-error" role="alert">
          <p>{t('profile.failed')}</p>
          <Button variant="secondary" onClick={() => void pages.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {first && first.review_count > 0 && <RatingSummary page={first} />}
      {first && list.length === 0 && <p className="muted">{t('profile.empty')}</p>}
      {list.length > 0 && (
        <ul className="provider-reviews__list">
          {list.map((review) => (
            <li key={review.id}>
              {isOwner ? (
                <ReviewCard review={review} heading="client" showReply={false}>
                  <ReplyBox review={review} />
                </ReviewCard>
              ) : (
                <ReviewCard review={review} heading="client" />
              )}
            </li>
          ))}
        </ul>
      )}
      {pages.isFetchNextPageError && (
        <p className="field-error" role="alert">
          {t('profile.failed')}
        </p>
      )}
      {pages.hasNextPage && (
        <Button variant="secondary" disabled={pages.isFetchingNextPage || !hydrated} onClick={() => void pages.fetchNextPage()}>
          {pages.isFetchingNextPage ? t('profile.loading_more') : t('profile.more')}
        </Button>
      )}
    </section>
  );
}

/** The average in figures and stars, and one bar per rating (5 to 1) with its count written out. */
function RatingSummary({ page }: { page: ProviderReviewPage }) {
  const { t } = useTranslation('reviews');
  const locale = useLocale();
  const most = Math.max(1, ...Object.values(page.distribution));
  return (
    <div className="provider-reviews__summary">
      <div className="provider-reviews__average">
        <p className="provider-reviews__figure">{formatNumber(page.rating_average, locale)}</p>
        <RatingStars value={page.rating_average} size="md" textVisible={false} text={t('profile.average', { average: formatNumber(page.rating_average, locale) })} />
        <p className="muted">{t('profile.count', { count: page.review_count })}</p>
      </div>
      <ul className="provider-reviews__bars" aria-label={t('profile.distribution')}>
        {[...ratings].reverse().map((stars) => {
          const count = page.distribution[`${stars}`];
          return (
            <li key={stars} className="provider-reviews__bar-row">
              <span aria-hidden="true">{stars} ★</span>
              <span className="provider-reviews__bar" aria-hidden="true">
                <span style={{ width: `${(count / most) * 100}%` }} />
              </span>
              <span aria-hidden="true" className="provider-reviews__bar-count">
                {count}
              </span>
              <span className="visually-hidden">{t('profile.bar', { stars, count })}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
