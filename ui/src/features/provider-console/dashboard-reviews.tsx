import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { reviewQueries } from '../../entities/review/api.ts';
import { ReplyBox } from '../../entities/review/reply-box.tsx';
import { ReviewCard } from '../../entities/review/review-card.tsx';
import { ProviderSection } from './section.tsx';
import { Button } from '../../components/button.tsx';
import './console-reviews.css';

/** The dashboard's reviews of the provider (newest first), each with its public reply or a box to write one. */
export function DashboardReviews() {
  const { t } = useTranslation('reviews');
  const pages = useInfiniteQuery({ ...reviewQueries.forMe(), meta: { silent: true } });
  const list = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <ProviderSection title={t('console.title')} className="console-reviews">
      {pages.isPending && (
        <p className="muted" role="status">
          {t('console.loading')}
        </p>
      )}
      {pages.isError && !pages.data && (
        <div className="alert alert-error" role="alert">
          <p>{t('console.failed')}</p>
          <Button variant="secondary" onClick={() => void pages.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {pages.data && list.length === 0 && <p className="muted">{t('console.empty')}</p>}
      {list.length > 0 && (
        <ul className="console-reviews__list">
          {list.map((review) => (
            <li key={review.id}>
              <ReviewCard review={review} heading="client" showReply={false}>
                <ReplyBox review={review} />
              </ReviewCard>
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <Button variant="secondary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {t('console.more')}
        </Button>
      )}
    </ProviderSection>
  );
}
