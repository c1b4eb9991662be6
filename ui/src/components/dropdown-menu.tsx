import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName as buttonLook } from './button.tsx';

export type MenuEntry =
  | { kind: 'link'; id: string; label: string; to: string; icon?: ReactNode }
  | { kind: 'action'; id: string; label: string; onSelect: () => void; icon?: ReactNode };

interface DropdownMenuProps {
  /** Accessible name of the button. */
  label: string;
  /** What the button shows (defaults to the label). */
  trigger?: ReactNode;
  entries: MenuEntry[];
  align?: 'start' | 'end';
  /** Open upwards (bottom bar). */
  placement?: 'below' | 'above';
  buttonClassName?: string;
}

/**
 * Menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown open it on the first item,
 * arrows move, Home/End jump, Escape closes and gives focus back to the button, Tab leaves.
 */
export function DropdownMenu({ label, trigger, entries, align = 'end', placement = 'below', buttonClassName }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);

  const focusItem = (index: number) => {
    const count = entries.length;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };

  useEffect(() => {
    if (!open) return;
    itemRefs.current[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = itemRefs.current.findIndex((el) => el === document.activeElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusItem(entries.length - 1);
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (event.key === ' ' && document.activeElement instanceof HTMLAnchorElement) {
      // Links activate on Enter natively; Space should too inside a menu.
      event.preventDefault();
      document.activeElement.click();
    }
  };

  return (
    <div className={`menu menu--${align} menu--${placement}`} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName ?? buttonLook({ variant: 'quiet', className: 'menu__button' })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={trigger ? label : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={onButtonKey}
      >
        {trigger ?? label}
      </button>
      {open ? (
        <div className="menu__list" role="menu" id={menuId} aria-label={label} onKeyDown={onMenuKey}>
          {entries.map((entry, i) => {
            const ref = (el: HTMLElement | null) => {
              itemRefs.current[i] = el;
            };
            const content = (
              <>
                {entry.icon ? <span className="menu__icon" aria-hidden="true">{entry.icon}</span> : null}
                <span>{entry.label}</span>
              </>
            );
            return entry.kind === 'link' ? (
              <Link key={entry.id} ref={ref} role="menuitem" tabIndex={-1} className="menu__item" to={entry.to} onClick={() => close(false)}>
                {content}
              </Link>
            ) : (
              <button
                key={entry.id}
                ref={ref}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="menu__item"
                onClick={() => {
                  close(true);
                  entry.onSelect();
                }}
              >
                {content}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
