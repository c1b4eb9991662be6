import type { CSSProperties, ReactNode } from 'react';
import type { JobStatusTone } from '../../entities/job/job-status-badge.tsx';
import { familyColor } from './calendar-options.ts';

/**
 * The shape of each status family, so colour is never its only cue: a clock waits, a full dot is
 * booked, a half dot runs, a tick is done, a cross ended it.
 */
const shapes: Record<JobStatusTone, ReactNode> = {
  waiting: (
    <>
      <circle cx="6" cy="6" r="4.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M6 3.6V6l1.7 1.2" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    </>
  ),
  booked: <circle cx="6" cy="6" r="5" fill="currentColor" />,
  running: (
    <>
      <circle cx="6" cy="6" r="4.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M6 1.4a4.6 4.6 0 0 1 0 9.2z" fill="currentColor" />
    </>
  ),
  done: (
    <>
      <circle cx="6" cy="6" r="5.4" fill="currentColor" />
      <path d="M3.5 6.2 5.2 7.8 8.5 4.4" fill="none" stroke="var(--status-mark-cut)" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  ended: (
    <>
      <circle cx="6" cy="6" r="4.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M4.2 4.2l3.6 3.6M7.8 4.2 4.2 7.8" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    </>
  ),
};

/** A status family's mark in its colour (`inherit` takes the text's, as on a filled event block); decorative, words go beside it. */
export function StatusMark({ family, colour = 'family' }: { family: JobStatusTone; colour?: 'family' | 'inherit' }) {
  return (
    <svg
      className="status-mark"
      data-status-mark={family}
      viewBox="0 0 12 12"
      width="12"
      height="12"
      aria-hidden="true"
      focusable="false"
      // The tick is cut out of the dot: white on a white page, the event's colour on a filled event.
      style={colour === 'family' ? ({ color: familyColor(family), '--status-mark-cut': 'var(--color-surface)' } as CSSProperties) : ({ '--status-mark-cut': 'var(--fc-event-color)' } as CSSProperties)}
    >
      {shapes[family]}
    </svg>
  );
}
