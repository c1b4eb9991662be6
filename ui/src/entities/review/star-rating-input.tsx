import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ratingLabel, ratings } from '@resuelve/contract';
import { FieldError } from '../../components/field-error.tsx';

export interface StarRatingInputProps {
  value: number | null;
  onChange: (rating: number) => void;
  /** Says the rating is missing (after a submit without one). */
  error?: string | null;
}

/**
 * Rating 1 to 5 as a radio group (SPEC.md §2: Poor, Fair, Good, Very Good, Excellent): Tab reaches
 * it, the arrows move the choice, each star is named by its number and label, and the chosen (or
 * pointed) label is written under the stars.
 */
export function StarRatingInput({ value, onChange, error }: StarRatingInputProps) {
  const { t } = useTranslation('reviews');
  const name = useId();
  const [pointed, setPointed] = useState<number | null>(null);
  const shown = pointed ?? value;
  const errorId = `${name}-error`;
  return (
    <fieldset className="star-input" aria-describedby={error ? errorId : undefined} onMouseLeave={() => setPointed(null)}>
      <legend className="star-input__legend">{t('dialog.rating_legend')}</legend>
      <div className="star-input__stars">
        {ratings.map((rating) => (
          <label key={rating} className={shown !== null && rating <= shown ? 'star-input__star star-input__star--on' : 'star-input__star'} onMouseEnter={() => setPointed(rating)}>
            <input
              className="visually-hidden"
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              aria-invalid={error ? true : undefined}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t('rating.value', { rating, label: t(`rating.${ratingLabel(rating)}`) })}</span>
          </label>
        ))}
      </div>
      <p className="star-input__label" aria-hidden="true">
        {shown !== null ? t(`rating.${ratingLabel(shown)}`) : t('dialog.rating_hint')}
      </p>
      {error ? (
        <FieldError id={errorId} alert>
          {error}
        </FieldError>
      ) : null}
    </fieldset>
  );
}
