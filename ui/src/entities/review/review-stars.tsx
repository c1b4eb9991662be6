import { useTranslation } from 'react-i18next';
import { ratingLabel } from '@resuelve/contract';

/** A review's stars for the eye and its rating in words for everyone ("4 of 5: Very good"). */
export function ReviewStars({ rating }: { rating: number }) {
  const { t } = useTranslation('reviews');
  const full = Math.round(rating);
  return (
    <span className="review-stars">
      <span className="review-stars__glyphs" aria-hidden="true">
        {'★'.repeat(full)}
        <span className="review-stars__empty">{'★'.repeat(5 - full)}</span>
      </span>
      <span className="review-stars__text">{t('rating.value', { rating, label: t(`rating.${ratingLabel(rating)}`) })}</span>
    </span>
  );
}
