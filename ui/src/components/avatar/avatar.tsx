import { useState } from 'react';
import './avatar.css';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

/** Small words that are no one's initial: "Plomería y Electricidad" is "PE". */
const joiningWords = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y', 'e', 'en', 'and', 'the', 'of', '&']);

/** Up to two initials of a name: the first letters of its first two meaningful words. */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word) && !joiningWords.has(word.toLowerCase()));
  const letters = words.slice(0, 2).map((word) => word.charAt(0).toLocaleUpperCase());
  return letters.join('') || name.trim().charAt(0).toLocaleUpperCase() || '?';
}

/** Eight deep tones that keep white initials above 4.5:1 contrast. */
export const avatarTones = ['#0f766e', '#0b5c56', '#b4472f', '#8a5a14', '#1d5f8a', '#7a3b69', '#4d6b21', '#3f5561'] as const;

/** The same name always gets the same tone (a small string hash into the palette). */
export function toneOf(name: string): string {
  let hash = 0;
  for (const char of name.trim().toLowerCase()) hash = (Math.imul(hash, 31) + char.codePointAt(0)!) | 0;
  return avatarTones[Math.abs(hash) % avatarTones.length]!;
}

/**
 * A person's or business's picture, round, or their initials on a tone of their own when there is
 * none (or it fails to load). Decorative by default: the name is always written beside it; give
 * `label` where the picture stands alone.
 */
export function Avatar({
  url,
  name,
  size = 'md',
  label,
  className = '',
}: {
  url: string | null | undefined;
  name: string;
  size?: AvatarSize;
  label?: string;
  /** A screen's own class for placing it (never for its look). */
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  if (url && failed !== url) {
    return (
      <span className={`avatar avatar--${size} ${className}`.trim()} {...a11y}>
        <img className="avatar__img" src={url} alt="" loading="lazy" decoding="async" onError={() => setFailed(url)} />
      </span>
    );
  }
  return (
    <span className={`avatar avatar--${size} avatar--initials ${className}`.trim()} style={{ backgroundColor: toneOf(name) }} data-initials {...a11y}>
      {initialsOf(name)}
    </span>
  );
}
