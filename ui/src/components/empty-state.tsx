import type { ReactNode } from 'react';
import { Icon } from './icons.tsx';
import type { IconName } from './icons.tsx';
import './empty-state.css';

export interface EmptyStateProps {
  icon?: IconName;
  title: string;
  text?: ReactNode;
  /** What to do next: usually one Button or ButtonLink. */
  action?: ReactNode;
  /** Smaller, for a section of a page rather than the whole page. */
  compact?: boolean;
  /** The heading level of the title inside its page. */
  headingLevel?: 2 | 3;
}

/** Nothing here yet: an icon, what is missing, why, and the way forward. */
export function EmptyState({ icon, title, text, action, compact = false, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={compact ? 'empty-state empty-state--compact' : 'empty-state'}>
      {icon ? (
        <span className="empty-state__icon" aria-hidden="true">
          <Icon name={icon} />
        </span>
      ) : null}
      <Heading className="empty-state__title">{title}</Heading>
      {text ? <p className="empty-state__text">{text}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
