import { useTranslation } from 'react-i18next';
import { formatNumber, useLocale } from './format.ts';

/** Stars for the eye, the same figure as text for everyone (never colour or shape alone). */
export function RatingStars({ average, count }: { average: number; count: number }) {
  const { t } = useTranslation('providers');
  const locale = useLocale();
  const full = Math.round(average);
  if (count === 0) return <span className="rating rating--none">{t('rating.none')}</span>;
  return (
    <span className="rating">
      <span className="rating__stars" aria-hidden="true">
        {'★'.repeat(full)}
        <span className="rating__empty">{'★'.repeat(5 - full)}</span>
      </span>{' '}
      <span className="rating__text">{t('rating.text', { rating: formatNumber(average, locale), count })}</span>
    </span>
  );
}
