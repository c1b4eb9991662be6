import { useId } from 'react';
import './rating-stars.css';

const starPath = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

export interface RatingStarsProps {
  /** The rating out of 5 (fractions are drawn as part of a star); null when there is none yet. */
  value: number | null;
  /** The rating in words for everyone ("4.8 out of 5 (12 reviews)"): stars are never the only carrier. */
  text: string;
  /** Show the words beside the stars (default), or keep them for screen readers only. */
  textVisible?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

/** Five stars filled to the rating, and the same figure in words. Every star drawn in the app is this. */
export function RatingStars({ value, text, textVisible = true, size = 'sm' }: RatingStarsProps) {
  const id = useId();
  if (value === null) return <span className="rating-stars rating-stars--none">{text}</span>;
  const filled = Math.max(0, Math.min(5, value));
  return (
    <span className={`rating-stars rating-stars--${size}`}>
      <svg className="rating-stars__glyphs" viewBox="0 0 120 24" aria-hidden="true" focusable="false">
        <defs>
          <clipPath id={`${id}-fill`}>
            <rect x="0" y="0" width={(filled / 5) * 120} height="24" />
          </clipPath>
          <g id={`${id}-row`}>
            {[0, 1, 2, 3, 4].map((index) => (
              <path key={index} d={starPath} transform={`translate(${index * 24} 0)`} />
            ))}
          </g>
        </defs>
        <use href={`#${id}-row`} className="rating-stars__empty" />
        <use href={`#${id}-row`} className="rating-stars__full" clipPath={`url(#${id}-fill)`} />
      </svg>
      <span className={textVisible ? 'rating-stars__text' : 'visually-hidden'}>{text}</span>
    </span>
  );
}
