import { useTranslation } from 'react-i18next';
import { ratingLabel } from '@resuelve/contract';
import { RatingStars } from '../../components/rating-stars.tsx';

/** A review's stars for the eye and its rating in words for everyone ("4 of 5: Very good"). */
export function ReviewStars({ rating }: { rating: number }) {
  const { t } = useTranslation('reviews');
  return <RatingStars value={rating} text={t('rating.value', { rating, label: t(`rating.${ratingLabel(rating)}`) })} />;
}
