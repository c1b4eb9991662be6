import './skeleton.css';

/** What the shape stands for: a line of text, a form control, a picture, a card. */
export type SkeletonShape = 'text' | 'field' | 'avatar' | 'card';

/**
 * A grey shape where content will be, shining while it loads. Screen readers skip it: the screen
 * says "loading" once, in words, around its skeletons.
 */
export function Skeleton({ shape = 'text', short = false }: { shape?: SkeletonShape; short?: boolean }) {
  return <span className={`skeleton skeleton--${shape}${short ? ' skeleton--short' : ''}`} aria-hidden="true" />;
}
