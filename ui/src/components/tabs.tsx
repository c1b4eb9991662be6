import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import './tabs.css';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  /** A count beside the label (unread, waiting). */
  count?: number;
}

export interface TabsProps<T extends string> {
  /** What the row chooses between, for screen readers ("Appointments"). */
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (id: T) => void;
  /** The chosen tab's content, drawn in the tab panel under the row. */
  children?: ReactNode;
  className?: string;
  /** line: an underlined row (default); segmented: a few equal choices in one pill (sign in or up). */
  appearance?: 'line' | 'segmented';
}

/** The tab that arrow keys, Home and End move to from `from` (wrapping at the ends); null for other keys. */
export function nextTabIndex(key: string, from: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (from + 1) % count;
    case 'ArrowLeft':
      return (from - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Tabs (WAI-ARIA tabs pattern, automatic activation): one tab stop, arrow keys move and choose,
 * Home and End go to the ends. On a narrow screen the row scrolls sideways inside itself and never
 * wraps or widens the page; the chosen tab is scrolled into view.
 */
export function Tabs<T extends string>({ label, items, value, onChange, children, className, appearance = 'line' }: TabsProps<T>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (tab: T) => `${id}-tab-${tab}`;
  const panelId = `${id}-panel`;

  useEffect(() => {
    const chosen = list.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    chosen?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [value]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const from = items.findIndex((item) => item.id === value);
    const next = nextTabIndex(event.key, from < 0 ? 0 : from, items.length);
    if (next === null) return;
    event.preventDefault();
    const item = items[next]!;
    onChange(item.id);
    document.getElementById(tabId(item.id))?.focus();
  }

  return (
    <div className={['tabs', `tabs--${appearance}`, className ?? ''].filter(Boolean).join(' ')}>
      <div ref={list} role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.id === value;
          return (
            <button
              key={item.id}
              id={tabId(item.id)}
              type="button"
              role="tab"
              className="tabs__tab"
              aria-selected={selected}
              aria-controls={children === undefined ? undefined : panelId}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.id)}
            >
              {item.label}
              {item.count ? <span className="tabs__count">{item.count}</span> : null}
            </button>
          );
        })}
      </div>
      {children === undefined ? null : (
        <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} className="tabs__panel" tabIndex={0}>
          {children}
        </div>
      )}
    </div>
  );
}
