import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageFrame } from '../../components/page-frame.tsx';
import { deleteReview, reviewQueries } from '../../entities/review/api.ts';
import type { Review } from '../../entities/review/api.ts';
import { ReviewCard } from '../../entities/review/review-card.tsx';
import { ReviewDialog } from '../../entities/review/review-dialog.tsx';
import { useReviewChange } from '../../entities/review/use-review-change.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import './client-reviews.css';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';

/** /client/reviews (SPEC.md §2): the client's reviews, newest first, each with edit and delete (after a confirmation). */
export function ClientReviewsPage() {
  const { t } = useTranslation(['reviews', 'nav']);
  const pages = useInfiniteQuery({ ...reviewQueries.mine(), meta: { silent: true } });
  const [editing, setEditing] = useState<Review | null>(null);
  const [deleting, setDeleting] = useState<Review | null>(null);
  const removal = useReviewChange((id: string) => deleteReview(id));
  const list = pages.data?.pages.flatMap((page) => page.items) ?? [];

  async function confirmDelete() {
    if (!deleting) return;
    if (await removal.run(deleting.id, t('mine.deleted'))) setDeleting(null);
  }

  return (
    <PageFrame feature="client" title={t('nav:titles.client_reviews')}>
      <div className="client-reviews">
        {pages.isPending && (
          <p className="muted" role="status">
            {t('mine.loading')}
          </p>
        )}
        {pages.isError && !pages.data && (
          <div className="alert alert-error" role="alert">
            <p>{t('mine.failed')}</p>
            <Button variant="secondary" onClick={() => void pages.refetch()}>
              {t('retry')}
            </Button>
          </div>
        )}
        {pages.data && list.length === 0 && (
          <EmptyState
            icon="chat"
            title={t('mine.empty')}
            action={
              <ButtonLink variant="primary" to="/providers">
                {t('mine.find')}
              </ButtonLink>
            }
          />
        )}
        {list.length > 0 && (
          <ul className="client-reviews__list">
            {list.map((review) => (
              <li key={review.id} className="card">
                <ReviewCard review={review} heading="provider">
                  <div className="client-reviews__actions wrap-row" role="group" aria-label={t('mine.actions', { provider: review.provider_name })}>
                    <Button variant="secondary" onClick={() => setEditing(review)}>
                      {t('mine.edit')}
                    </Button>
                    <Button
                      variant="quiet"
                      onClick={() => {
                        removal.clearProblem();
                        setDeleting(review);
                      }}
                    >
                      {t('mine.delete')}
                    </Button>
                    {review.job_id ? (
                      // Several reviews of one provider are told apart by their jobs.
                      <ButtonLink variant="quiet" to={`/client/jobs/${encodeURIComponent(review.job_id)}`}>
                        {t('mine.view_job')}
                      </ButtonLink>
                    ) : null}
                    <ButtonLink variant="quiet" to={`/providers/${encodeURIComponent(review.provider_id)}#reviews`}>
                      {t('mine.view_profile')}
                    </ButtonLink>
                  </div>
                </ReviewCard>
              </li>
            ))}
          </ul>
        )}
        {pages.isFetchNextPageError && (
          <p className="field-error" role="alert">
            {t('mine.failed')}
          </p>
        )}
        {pages.hasNextPage && (
          <Button variant="secondary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {t('mine.more')}
          </Button>
        )}
      </div>
      {editing && <ReviewDialog providerId={editing.provider_id} providerName={editing.provider_name} existing={editing} onClose={() => setEditing(null)} />}
      {deleting && (
        <ConfirmDialog
          title={t('mine.delete_title')}
          message={t('mine.delete_text', { provider: deleting.provider_name })}
          confirmLabel={t('mine.delete_confirm')}
          cancelLabel={t('dialog.cancel')}
          destructive
          confirmDisabled={removal.pending}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          <ErrorAlert>{removal.problem}</ErrorAlert>
        </ConfirmDialog>
      )}
    </PageFrame>
  );
}
