import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, defaultTimezone, intlLocale, toLocale, type Locale } from '@resuelve/contract';
import type { Review } from './api.ts';
import { ReviewStars } from './review-stars.tsx';
import './review.css';

function formatDay(iso: string, locale: Locale): string {
  return dateTimeFormat(intlLocale[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: defaultTimezone }).format(new Date(iso));
}

export interface ReviewCardProps {
  review: Review;
  /** Whose name heads the card: the reviewer's (profile, console) or the provider's (the client's own list). */
  heading: 'client' | 'provider';
  /** Buttons or a form under the review (edit and delete, a reply box). */
  children?: ReactNode;
  /** Shows the reply in the card (off when the children hold a reply form with it). */
  showReply?: boolean;
}

/** One review: stars with the rating in words, who and when, the comment as typed (as text), and the provider's reply. */
export function ReviewCard({ review, heading, children, showReply = true }: ReviewCardProps) {
  const { t, i18n } = useTranslation('reviews');
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const who = heading === 'provider' ? review.provider_name : (review.client_name ?? t('card.anonymous'));
  const edited = review.updated_at !== review.created_at;
  return (
    <article className="review-card" aria-label={t('card.label', { name: who })}>
      <header className="review-card__head">
        <ReviewStars rating={review.rating} />
        <p className="review-card__meta">
          <span className="review-card__who">{who}</span> · <time dateTime={review.created_at}>{formatDay(review.created_at, locale)}</time>
          {edited ? ` · ${t('card.edited')}` : null}
        </p>
      </header>
      {review.comment ? <p className="review-card__comment">{review.comment}</p> : <p className="review-card__comment muted">{t('card.no_comment')}</p>}
      {showReply && review.reply ? (
        <div className="review-card__reply">
          <p className="review-card__reply-title">{t('card.reply_title', { provider: review.provider_name })}</p>
          <p className="review-card__reply-text">{review.reply.text}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}
