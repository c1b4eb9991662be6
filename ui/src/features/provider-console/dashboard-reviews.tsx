import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { reviewLimits } from '@resuelve/contract';
import { replyToReview, reviewQueries } from '../../entities/review/api.ts';
import type { Review } from '../../entities/review/api.ts';
import { ReviewCard } from '../../entities/review/review-card.tsx';
import { useReviewChange } from '../../entities/review/use-review-change.ts';
import { ProviderSection } from './section.tsx';
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
          <button type="button" className="btn btn-secondary" onClick={() => void pages.refetch()}>
            {t('retry')}
          </button>
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
        <button type="button" className="btn btn-secondary" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {t('console.more')}
        </button>
      )}
    </ProviderSection>
  );
}

/** The provider's one public reply to a review: shown with an edit button, or a Reply button that opens the box to write it. */
function ReplyBox({ review }: { review: Review }) {
  const { t } = useTranslation('reviews');
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(review.reply?.text ?? '');
  const [missing, setMissing] = useState(false);
  const change = useReviewChange((reply: string) => replyToReview(review.id, reply));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) {
      setMissing(true);
      return;
    }
    if (await change.run(text.trim(), t('console.replied'))) setEditing(false);
  }

  if (!review.reply && !editing) {
    return (
      <div className="console-reviews__actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            change.clearProblem();
            setEditing(true);
          }}
        >
          {t('console.reply')}
        </button>
      </div>
    );
  }
  if (review.reply && !editing) {
    return (
      <div className="console-reviews__reply">
        <p className="console-reviews__reply-title">{t('card.reply_title', { provider: review.provider_name })}</p>
        <p className="console-reviews__reply-text">{review.reply.text}</p>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setText(review.reply?.text ?? '');
            setEditing(true);
          }}
        >
          {t('console.reply_edit')}
        </button>
      </div>
    );
  }
  return (
    <form className="console-reviews__form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={id} className="console-reviews__label">
        {t('console.reply_label')}
      </label>
      <textarea
        id={id}
        className="input"
        rows={3}
        // Opened by the person's own press of Reply or Edit reply: the box is where they type next.
        autoFocus
        maxLength={reviewLimits.replyMaxLength}
        value={text}
        aria-invalid={missing ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          setText(event.target.value);
          setMissing(false);
        }}
      />
      <p id={`${id}-hint`} className="muted console-reviews__hint">
        {missing ? <span className="field-error">{t('console.reply_required')}</span> : t('console.reply_hint')}
      </p>
      {change.problem ? (
        <p className="alert alert-error" role="alert">
          {change.problem}
        </p>
      ) : null}
      <div className="console-reviews__actions">
        <button type="submit" className="btn btn-primary" disabled={change.pending}>
          {review.reply ? t('console.reply_update') : t('console.reply_save')}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setText(review.reply?.text ?? '');
            setMissing(false);
            setEditing(false);
          }}
        >
          {t('console.reply_cancel')}
        </button>
      </div>
    </form>
  );
}
